import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppSidebar } from './AppSidebar';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './BottomBar';
import { ScrollToTop } from './ScrollToTop';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useIsMobile } from './useDevice';
import { useSidebarSync } from './useSidebarSync';

const NoSidebar = () => null;

/** Top bar + side bar (desktop) or bottom bar (mobile) + main area (spec §2). */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  const mobile = useIsMobile();
  useSidebarSync(mobile);
  return (
    <Layout
      appBar={TopBar}
      appBarAlwaysOn
      sidebar={mobile ? NoSidebar : AppSidebar}
      menu={SideMenu}
      sx={{
        // react-admin's layout is `min-width: fit-content`: a wide table would make the whole page scroll sideways.
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .list-page': { minWidth: 0 },
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
        ...(mobile ? { pb: `${BOTTOM_BAR_HEIGHT}px` } : {}),
      }}
    >
      <ScrollToTop />
      {children}
      {mobile && <BottomBar />}
    </Layout>
  );
};
