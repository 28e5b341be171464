import { Navigate, Route } from 'react-router-dom';
import { Suspense, type ComponentType } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Loading, Resource } from 'react-admin';
import { entities } from '../../generated/admin/entities';
import { menuGroups, routes } from '../../generated/menus';
import { AppLayout } from './layout/AppLayout';
import { ConfirmLogoutDialog } from './layout/ConfirmLogoutDialog';
import { AppNotification } from './layout/AppNotification';
import { storeWithSidebar } from './layout/useSidebarSync';
import { theme } from './layout/theme';
import { localizedTheme } from './i18n/muiLocale';
import { lazyNamed } from './kit/lazyScreen';
import { LoginPage } from './pages/LoginPage';
import { authProvider, type Permissions } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { queryClient } from './providers/queryClient';
import { allowedResources, allowedRoutes } from './routes/routeTable';
import { CatchAll } from './routes/CatchAll';
import { specRoutes } from './screens/specRoutes';
import { resourceModules } from './screens/resourceScreens';

const dataProvider = createDataProvider(entities);
// The public pages other than the login come with their first visit.
const RegisterPage = lazyNamed(() => import('./pages/RegisterPage'), 'RegisterPage');
const PrivacyPage = lazyNamed(() => import('./pages/TextPage'), 'PrivacyPage');
const TermPage = lazyNamed(() => import('./pages/TextPage'), 'TermPage');
const HomerPage = lazyNamed(() => import('./pages/HomerPage'), 'HomerPage');
const NotFoundPage = lazyNamed(() => import('./pages/NotFoundPage'), 'NotFoundPage');
// Outside the layout, so outside its Suspense.
const publicPage = (Page: ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
);
const GoHome = () => <Navigate to="/home" replace />;
// Built once (a new theme object on each render would restyle the whole tree), at the first render: it reads the
// dictionary, which may still be downloading while this module loads.
let appTheme: ReturnType<typeof localizedTheme> | undefined;
const themeOnce = () => (appTheme ??= localizedTheme(theme));
const store = storeWithSidebar();

/** What a user reaches follows the menus the server granted (spec §6). */
const grantedScreens = (permissions: Permissions | undefined) => {
  const allowed = allowedRoutes(routes, permissions?.menus ?? []);
  const names = allowedResources(Object.keys(resourceModules), routes, allowed);
  return (
    <>
      {names.map((name) => (
        <Resource key={name} name={name} {...resourceModules[name]} />
      ))}
      <CustomRoutes>{specRoutes(allowed, menuGroups)}</CustomRoutes>
    </>
  );
};

/** <Admin> split in its two halves so the Confirm-logout dialog also covers the loading screen. */
export const App = () => (
  <AdminContext
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    queryClient={queryClient}
    theme={themeOnce()}
    store={store}
  >
    <ConfirmLogoutDialog />
    <AdminUI
      disableTelemetry
      requireAuth
      title="app.name"
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={GoHome}
      catchAll={CatchAll}
      notification={AppNotification}
    >
      <CustomRoutes noLayout>
        <Route path="/register" element={publicPage(RegisterPage)} />
        <Route path="/privacy" element={publicPage(PrivacyPage)} />
        <Route path="/term" element={publicPage(TermPage)} />
        <Route path="/homer" element={publicPage(HomerPage)} />
        <Route path="/404" element={publicPage(NotFoundPage)} />
      </CustomRoutes>
      {grantedScreens}
    </AdminUI>
  </AdminContext>
);
