import { Box } from '@mui/material';
import { MenuGroup } from './MenuGroup';
import { MenuLeaf } from './MenuLeaf';
import { useActiveMenu, useMenuEntries } from './useMenus';

/** The sidebar's menu (react-admin `menu` slot): the server-granted tree. */
export const SideMenu = () => {
  const entries = useMenuEntries();
  const active = useActiveMenu();
  return (
    <Box component="nav" sx={{ pt: 1 }}>
      {entries.map((entry) =>
        entry.children.length ? (
          <MenuGroup key={entry.name} entry={entry} active={entry.children.some((c) => c.name === active)} />
        ) : (
          <MenuLeaf key={entry.name} entry={entry} />
        ),
      )}
    </Box>
  );
};
