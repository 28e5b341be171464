import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';
import { sidebarColors as c, sidebarItemSx as item } from '../components/sidebarColors';

/** react-admin's sidebar in the spec's colours; open, a label too long for its width wraps rather than being cut. */
export const AppSidebar = (props: SidebarProps) => {
  const [open] = useSidebarState();
  return (
    <Sidebar
      {...props}
      sx={{
        '& .RaSidebar-fixed, & .MuiDrawer-paper': { backgroundColor: c.background },
        '& .RaSidebar-fixed': { height: '100vh', top: 0, pt: 6, width: 'inherit' },
        '& .MuiMenuItem-root': item,
        '& .submenu': { backgroundColor: c.submenu },
        '& .submenu .MuiMenuItem-root': { pl: 3 },
        // Doubled classes: react-admin styles its active link at the same specificity.
        '& .MuiMenuItem-root.RaMenuItemLink-active, & .MuiMenuItem-root.group-active': { color: c.active },
        ...(open && {
          '& .MuiMenuItem-root': { ...item, whiteSpace: 'normal' },
          '& .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible' },
        }),
      }}
    />
  );
};
