import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

/**
 * The app shell (app.html) for every route but the prerendered `/`: the router with lazy pages, in the
 * site's theme (its styles carry the page's CSP nonce).
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from app.html');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>,
);
