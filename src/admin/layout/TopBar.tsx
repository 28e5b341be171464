import type { ComponentProps } from 'react';
import { AppBar, LoadingIndicator, useTranslate, type AppBarProps } from 'react-admin';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { LangSwitch } from '../components/LangSwitch';
import { useIsMobile } from '../components/useDevice';

/** Top bar: sidebar toggle (desktop only), breadcrumb, language switch, avatar menu. */
export const TopBar = (props: AppBarProps) => {
  const mobile = useIsMobile();
  const translate = useTranslate();
  // react-admin hands extra props to its spinner, which is otherwise a `progressbar` without a name.
  const named = { 'aria-label': translate('ra.page.loading') } as ComponentProps<typeof LoadingIndicator>;
  return (
    <AppBar
      {...props}
      alwaysOn
      color="inherit"
      userMenu={<AvatarMenu />}
      toolbar={
        <>
          <LangSwitch />
          <LoadingIndicator {...named} />
        </>
      }
      sx={{ bgcolor: 'background.paper', '& .RaAppBar-menuButton': mobile ? { display: 'none' } : {}, ...props.sx }}
    >
      <Breadcrumb />
    </AppBar>
  );
};
