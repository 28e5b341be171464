import { ListItemIcon, MenuItem, Typography } from '@mui/material';
import { MenuItemLink } from 'react-admin';
import { MenuIcon } from './menuIcons';
import type { SidebarEntry } from './menuTree';
import { useMenuTitle } from '../components/useMenuTitle';

const NO_TOOLTIP = { title: '' };

/** One sidebar link; `http…` paths open in a new tab. In a pop-up the text is shown, so no tooltip. */
export const MenuLeaf = ({ entry, onClick, popup }: { entry: SidebarEntry; onClick?: () => void; popup?: boolean }) => {
  const title = useMenuTitle()(entry);
  const icon = <MenuIcon name={entry.icon} />;
  if (entry.external) {
    return (
      <MenuItem component="a" href={entry.path} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        <ListItemIcon>{icon}</ListItemIcon>
        <Typography variant="inherit" noWrap>
          {title}
        </Typography>
      </MenuItem>
    );
  }
  return (
    <MenuItemLink
      to={entry.path ?? '/'}
      primaryText={title}
      leftIcon={icon}
      onClick={onClick}
      tooltipProps={popup ? NO_TOOLTIP : undefined}
    />
  );
};
