import { Box, MenuList } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MenuGroup } from './MenuGroup';
import { MenuLeaf } from './MenuLeaf';
import { useActiveMenu, useMenuEntries } from './useMenus';

/**
 * The sidebar's menu (react-admin `menu` slot): the server-granted tree. Its items are menu items, so a menu holds
 * them (as react-admin's own Menu does); `variant="menu"` so MenuList gives no tab stop to the group wrappers.
 */
export const SideMenu = () => {
  const translate = useTranslate();
  const entries = useMenuEntries();
  const active = useActiveMenu();
  const label = translate('app.nav.menu');
  return (
    <Box component="nav" aria-label={label} sx={{ pt: 1 }}>
      <MenuList variant="menu" aria-label={label} disablePadding>
        {entries.map((entry) =>
          entry.children.length ? (
            <MenuGroup key={entry.name} entry={entry} active={entry.children.some((c) => c.name === active)} />
          ) : (
            <MenuLeaf key={entry.name} entry={entry} />
          ),
        )}
      </MenuList>
    </Box>
  );
};
