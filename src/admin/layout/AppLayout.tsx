import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppSidebar } from './AppSidebar';
import { NamedProgress } from './NamedProgress';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './BottomBar';
import { ScrollToTop } from './ScrollToTop';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useIsMobile } from '../components/useDevice';
import { useSidebarSync } from './useSidebarSync';

const NoSidebar = () => null;

/**
 * react-admin's mobile form toolbar is fixed at the bottom: lift it above the bottom bar and keep room for both. A
 * list's floating Create button (56 px, 60 px from the bottom) would cover the end of the page (its pagination):
 * keep room so the page scrolls past it.
 */
const FORM_TOOLBAR_HEIGHT = 72;
const FLOATING_BUTTON_ROOM = 60 + 56 + 8;
const phoneSx = {
  pb: `${BOTTOM_BAR_HEIGHT}px`,
  '&:has(.RaCreateButton-floating)': { pb: `${FLOATING_BUTTON_ROOM}px` },
  '&:has(.RaToolbar-mobileToolbar)': { pb: `${BOTTOM_BAR_HEIGHT + FORM_TOOLBAR_HEIGHT}px` },
  '& .MuiToolbar-root.RaToolbar-mobileToolbar': { bottom: BOTTOM_BAR_HEIGHT },
};

/** Top bar + side bar (desktop) or bottom bar (mobile) + main area (spec §2). */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  const mobile = useIsMobile();
  useSidebarSync(mobile);
  return (
    <NamedProgress>
      <Layout
        appBar={TopBar}
        appBarAlwaysOn
        sidebar={mobile ? NoSidebar : AppSidebar}
        menu={SideMenu}
        sx={{
          // react-admin's layout is `min-width: fit-content`: a wide table would make the whole page scroll sideways.
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .list-page': {
            minWidth: 0,
          },
          '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
          // react-admin folds the bulk-action bar to no height when nothing is selected, its buttons still reachable
          // by Tab though unseen: hidden, they leave the tab order.
          '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
          ...(mobile ? phoneSx : {}),
        }}
      >
        <ScrollToTop />
        {children}
        {mobile && <BottomBar />}
      </Layout>
    </NamedProgress>
  );
};
