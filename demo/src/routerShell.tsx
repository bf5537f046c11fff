import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

/**
 * The router with lazy pages, in the site's theme (its styles carry the page's CSP nonce): for the paths
 * that arrive without a prerendered page (the error page, and every path under the Vite dev server).
 */
export function renderRouterShell(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>,
  );
}
