import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { App } from './App';
import { createAddressHistory } from './routes/addressHistory';
import { RouteGuard } from './routes/RouteGuard';
import { authProvider } from './providers/authProvider';
import { isLoggedIn } from './providers/session';
import { preloadScreen } from './screens/preloadScreen';
import { addresses } from './screens/resourceScreens';

// Spec paths are real URLs (/login, /pms/brand): a browser history that shows them while react-admin routes on its
// own paths; the server falls back to index.html.
const history = createAddressHistory(addresses);

/** Renders the app (main.tsx calls it once the user's dictionary is loaded). */
export const boot = () => {
  // What the first render of this address waits for, asked for now: its screen's code, the user's menus and roles.
  preloadScreen(window.location);
  if (isLoggedIn()) void authProvider.getPermissions?.({}).catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <HistoryRouter history={history}>
        <RouteGuard />
        <App />
      </HistoryRouter>
    </StrictMode>,
  );
};
