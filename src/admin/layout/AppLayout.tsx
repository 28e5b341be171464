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
      sx={mobile ? { pb: `${BOTTOM_BAR_HEIGHT}px` } : undefined}
    >
      <ScrollToTop />
      {children}
      {mobile && <BottomBar />}
    </Layout>
  );
};
