import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { RouteGuard } from './routes/RouteGuard';

// Spec paths are real URLs (/login, /pms/brand): a browser router, the server falls back to index.html.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <RouteGuard />
      <App />
    </BrowserRouter>
  </StrictMode>,
);
