import { Navigate, Route } from 'react-router-dom';
import { AdminContext, AdminUI, CustomRoutes, Resource } from 'react-admin';
import { entities } from '../../generated/entities';
import { menuGroups, routes } from '../../generated/menus';
import { AppLayout } from './layout/AppLayout';
import { ConfirmLogoutDialog } from './layout/ConfirmLogoutDialog';
import { AppNotification } from './layout/AppNotification';
import { theme } from './layout/theme';
import { localizedTheme } from './i18n/muiLocale';
import { HomerPage } from './pages/HomerPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RegisterPage } from './pages/RegisterPage';
import { PrivacyPage, TermPage } from './pages/TextPage';
import { authProvider, type Permissions } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { allowedResources, allowedRoutes } from './routes/routeTable';
import { CatchAll } from './routes/CatchAll';
import { specRoutes } from './routes/specRoutes';
import { resourceModules } from './screens';

const dataProvider = createDataProvider(entities);
const GoHome = () => <Navigate to="/home" replace />;
// Built once: a new theme object on each render would restyle the whole tree.
const appTheme = localizedTheme(theme);

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
    theme={appTheme}
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
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/term" element={<TermPage />} />
        <Route path="/homer" element={<HomerPage />} />
        <Route path="/404" element={<NotFoundPage />} />
      </CustomRoutes>
      {grantedScreens}
    </AdminUI>
  </AdminContext>
);
