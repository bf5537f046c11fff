import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

/** The app shell (app.html) for every route but the prerendered `/`: the router with lazy pages. */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from app.html');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createBrowserRouter(routes)} />
  </StrictMode>,
);
