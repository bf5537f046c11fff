import { data, type RouteObject } from 'react-router-dom';
import { HOST_PAGES } from './host/hostPages';
import { ErrorPage } from './pages/ErrorPage';

/** Chunk loads give up after this long, and the route shows its error page. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Imports a route's code, failing after the chunk time-out instead of hanging. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Loading the page timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const NOT_FOUND = { status: 404, statusText: 'Not Found' } as const;

function notFound(): never {
  throw data(null, NOT_FOUND);
}

/**
 * The host routes, each with the error element. Every page loads lazily, so a route downloads
 * only its own code: `/` never loads the widget, `/passage` never loads the portfolio.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await loadChunk(() => import('./HomeApp'))).HomeApp }),
    errorElement: <ErrorPage />,
  },
  // The host pages, with the code their prerendered pages hydrate with (host/hostPages.ts).
  ...Object.entries(HOST_PAGES).map(([path, page]) => ({
    path,
    lazy: async () => ({ Component: await loadChunk(page.load) }),
    errorElement: <ErrorPage />,
  })),
  // An unknown path is a 404 route error, shown by the error element as its status text "Not Found".
  { path: '*', loader: notFound, errorElement: <ErrorPage /> },
];
