import { AppBar, LoadingIndicator, type AppBarProps } from 'react-admin';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { LangSwitch } from '../components/LangSwitch';
import { useIsMobile } from '../components/useDevice';

/** Top bar: sidebar toggle (desktop only), breadcrumb, language switch, avatar menu. */
export const TopBar = (props: AppBarProps) => {
  const mobile = useIsMobile();
  return (
    <AppBar
      {...props}
      alwaysOn
      color="inherit"
      userMenu={<AvatarMenu />}
      toolbar={
        <>
          <LangSwitch />
          <LoadingIndicator />
        </>
      }
      sx={{ bgcolor: 'background.paper', '& .RaAppBar-menuButton': mobile ? { display: 'none' } : {}, ...props.sx }}
    >
      <Breadcrumb />
    </AppBar>
  );
};
