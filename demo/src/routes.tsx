import type { RouteObject } from 'react-router-dom';
import { ErrorPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';

/** The host routes of SPEC §2. The widget's pages load lazily so `/` never downloads the elements. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage />, errorElement: <ErrorPage /> },
  {
    path: '/passage',
    lazy: async () => ({ Component: (await import('./pages/PassagePage')).PassagePage }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/passageSuccess',
    lazy: async () => ({ Component: (await import('./pages/PassageSuccessPage')).PassageSuccessPage }),
    errorElement: <ErrorPage />,
  },
  { path: '*', element: <ErrorPage />, errorElement: <ErrorPage /> },
];
