import { ListItemIcon, ListItemText, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { Link } from 'react-router-dom';
import { Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';

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

/**
 * The avatar menu of the top bar: Home and Logout (spec §2). Its button shows the user's name, so its accessible
 * name says it too (WCAG 2.5.3), translated here: react-admin translates a label without arguments. On a phone the
 * button is the avatar alone, and react-admin reads its label as a key (an unknown one becomes "Profile"): a key.
 */
export const AvatarMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // react-admin's own breakpoint between the named button and the avatar alone.
  const named = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const label = !named
    ? 'app.nav.accountMenu'
    : identity?.fullName
      ? translate('app.nav.userMenu', { name: identity.fullName })
      : undefined;
  return (
    <UserMenu label={label}>
      <HomeItem />
      <Logout />
    </UserMenu>
  );
};
