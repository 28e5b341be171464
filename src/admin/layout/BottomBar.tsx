import { useState } from 'react';
import { BottomNavigation, BottomNavigationAction, Menu, Paper } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { MenuIcon } from './menuIcons';
import { MenuLeaf } from './MenuLeaf';
import type { SidebarEntry } from './menuTree';
import { useDelayedOpen } from './useDelayedOpen';
import { useMenuTitle } from '../components/useMenuTitle';
import { useActiveMenu, useMenuEntries } from './useMenus';

export const BOTTOM_BAR_HEIGHT = 56;

const itemSx = {
  flex: '1 0 auto',
  minWidth: 44,
  px: 0.25,
  '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': {
    whiteSpace: 'nowrap',
    fontSize: 10.5,
  },
};

const contains = (entry: SidebarEntry, name?: string) =>
  entry.name === name || entry.children.some((c) => c.name === name);

/** Mobile navigation: one icon per top-level entry; a group pops its children up (after SUBMENU_DELAY_MS). */
export const BottomBar = () => {
  const entries = useMenuEntries();
  const active = useActiveMenu();
  const navigate = useNavigate();
  const titleOf = useMenuTitle();
  const popup = useDelayedOpen(false);
  const [group, setGroup] = useState<{ entry: SidebarEntry; anchor: HTMLElement } | null>(null);

  const select = (entry: SidebarEntry, anchor: HTMLElement) => {
    if (entry.children.length) {
      setGroup({ entry, anchor });
      popup.show();
    } else if (entry.external) window.open(entry.path, '_blank', 'noopener');
    else void navigate(entry.path ?? '/');
  };

  return (
    <Paper elevation={8} sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1200 }}>
      <BottomNavigation
        showLabels
        value={entries.findIndex((e) => contains(e, active))}
        // Items as wide as their labels and sharing what is left, so seven fit a 360 px phone.
        sx={{ height: BOTTOM_BAR_HEIGHT, overflowX: 'auto', justifyContent: 'flex-start' }}
      >
        {entries.map((entry) => (
          <BottomNavigationAction
            key={entry.name}
            label={titleOf(entry)}
            icon={<MenuIcon name={entry.icon} />}
            onClick={(e) => select(entry, e.currentTarget)}
            sx={itemSx}
          />
        ))}
      </BottomNavigation>
      {/* Above the bar, not over it. */}
      <Menu
        open={popup.open && !!group}
        anchorEl={group?.anchor}
        onClose={popup.hide}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {group?.entry.children.map((child) => (
          <MenuLeaf key={child.name} entry={child} onClick={popup.hide} popup />
        ))}
      </Menu>
    </Paper>
  );
};
