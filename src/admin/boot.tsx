import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { App } from './App';
import { createAddressHistory } from './routes/addressHistory';
import { RouteGuard } from './routes/RouteGuard';
import { addresses } from './screens';

// Spec paths are real URLs (/login, /pms/brand): a browser history that shows them while react-admin routes on its
// own paths; the server falls back to index.html.
const history = createAddressHistory(addresses);

/** Renders the app (main.tsx calls it once the user's dictionary is loaded). */
export const boot = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <HistoryRouter history={history}>
        <RouteGuard />
        <App />
      </HistoryRouter>
    </StrictMode>,
  );
