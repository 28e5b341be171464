import { useEffect, useRef } from 'react';
import { Box, Collapse, List, ListItemIcon, MenuItem, MenuList, Paper, Popper, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useSidebarState } from 'react-admin';
import { MenuIcon } from './menuIcons';
import { MenuLeaf } from './MenuLeaf';
import type { SidebarEntry } from './menuTree';
import { sidebarColors, sidebarItemSx } from '../components/sidebarColors';
import { useDelayedOpen } from './useDelayedOpen';
import { useMenuTitle } from '../components/useMenuTitle';

const popupSx = {
  backgroundColor: sidebarColors.background,
  '& .MuiMenuItem-root': sidebarItemSx,
  '& .MuiMenuItem-root.RaMenuItemLink-active': { color: sidebarColors.active },
};

/**
 * A sidebar group. Open sidebar: the children unfold below on click; closed (icons only): they pop out to the
 * right while the pointer rests on the group or its pop-out. Either way they appear after SUBMENU_DELAY_MS. Two
 * separate states, so collapsing the sidebar never pops out a group that was unfolded.
 */
export const MenuGroup = ({ entry, active }: { entry: SidebarEntry; active: boolean }) => {
  const [sidebarOpen] = useSidebarState();
  const inline = useDelayedOpen(active);
  const popup = useDelayedOpen(false);
  const anchor = useRef<HTMLLIElement>(null);
  // Navigating into the group (a link elsewhere, a redirect) unfolds it.
  const { show } = inline;
  useEffect(() => {
    if (active) show();
  }, [active, show]);
  const title = useMenuTitle()(entry);
  const leaves = entry.children.map((child) => (
    <MenuLeaf key={child.name} entry={child} onClick={sidebarOpen ? undefined : popup.hide} popup={!sidebarOpen} />
  ));
  const state = sidebarOpen ? inline : popup;
  // React sends enter/leave through portals, so moving from the group onto its pop-out does not close it.
  const hover = sidebarOpen ? {} : { onMouseEnter: popup.show, onMouseLeave: popup.hide };
  return (
    <Box {...hover}>
      <MenuItem
        ref={anchor}
        onClick={state.toggle}
        className={active ? 'group-active' : undefined}
        aria-expanded={state.open}
        // A tab stop like the links (MUI's MenuItem is -1: it counts on arrow keys within one flat menu).
        tabIndex={0}
      >
        <ListItemIcon>
          <MenuIcon name={entry.icon} />
        </ListItemIcon>
        <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {sidebarOpen && (inline.open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
      </MenuItem>
      {sidebarOpen ? (
        <Collapse in={inline.open} timeout="auto" unmountOnExit>
          <List component="div" role="group" aria-label={title} disablePadding className="submenu">
            {leaves}
          </List>
        </Collapse>
      ) : (
        <Popper
          open={popup.open}
          anchorEl={anchor.current}
          placement="right-start"
          sx={{ zIndex: (t) => t.zIndex.modal }}
        >
          <Paper elevation={8} sx={popupSx}>
            <MenuList autoFocusItem={false} aria-label={title}>
              {leaves}
            </MenuList>
          </Paper>
        </Popper>
      )}
    </Box>
  );
};
