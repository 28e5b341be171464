import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { Link } from 'react-router-dom';
import { Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';

const HomeItem = () => {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/home" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <HomeIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.nav.home')}</ListItemText>
    </MenuItem>
  );
};

/** The avatar menu of the top bar: Home and Logout (spec §2). */
export const AvatarMenu = () => (
  <UserMenu>
    <HomeItem />
    <Logout />
  </UserMenu>
);
