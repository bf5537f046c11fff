import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChunk, routes } from '../routes';
import { errorDetail, ErrorPage } from './ErrorPage';
import { HomeErrorBoundary } from './HomeErrorBoundary';

beforeEach(() => {
  // React and the router report the errors these tests provoke on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Boom(): never {
  throw new Error('The projects could not be drawn');
}

/** Renders a router at `path` and returns the error page's italic detail once it shows. */
async function errorShownAt(routeList: RouteObject[], path: string) {
  render(<RouterProvider router={createMemoryRouter(routeList, { initialEntries: [path] })} />);
  expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeTruthy();
  expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeTruthy();
  const detail = document.querySelector('#error-page i');
  return detail?.textContent;
}

describe('error page', () => {
  it('shows an unknown path as the 404 it is, with its status text "Not Found"', async () => {
    expect(await errorShownAt(routes, '/no/such/page')).toBe('Not Found');
    // In the site's frame: a title naming the page, and ways back to the portfolio.
    expect(document.title).toBe('Oops! Not Found · Alex Rivera');
    expect(screen.getByRole('link', { name: 'Back to the portfolio' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Alex Rivera' }).getAttribute('href')).toBe('/');
    // Not a fallback: with nothing thrown there would be no "Not Found" to show.
    expect(errorDetail(undefined)).toBe('Unknown error');
  });

  it('shows the message of an error thrown while a route renders', async () => {
    const list = [{ path: '/', Component: Boom, errorElement: <ErrorPage /> }];
    expect(await errorShownAt(list, '/')).toBe('The projects could not be drawn');
  });

  it('shows the status text of a route error response, or its status without one', async () => {
    const list: RouteObject[] = [
      {
        path: '/down',
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        errorElement: <ErrorPage />,
      },
      {
        path: '/teapot',
        loader: () => {
          throw new Response('', { status: 418 });
        },
        errorElement: <ErrorPage />,
      },
    ];
    expect(await errorShownAt(list, '/down')).toBe('Service Unavailable');
    cleanup();
    expect(await errorShownAt(list, '/teapot')).toBe('418');
  });

  it('shows a page whose code did not arrive in time with the time-out message', async () => {
    const never = () => new Promise<never>(() => {});
    const list = [
      {
        path: '/passage',
        lazy: async () => ({ Component: await loadChunk(never, 20) }),
        errorElement: <ErrorPage />,
      },
    ];
    expect(await errorShownAt(list, '/passage')).toBe('Loading the page timed out after 20 ms');
  });
});

describe('the error boundary of the prerendered home page (which hydrates without the router)', () => {
  it('shows the same error page with the message of what went wrong', () => {
    render(
      <HomeErrorBoundary>
        <Boom />
      </HomeErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText('The projects could not be drawn').tagName).toBe('I');
  });

  it('shows its children while nothing goes wrong', () => {
    render(
      <HomeErrorBoundary>
        <p>Portfolio</p>
      </HomeErrorBoundary>,
    );
    expect(screen.getByText('Portfolio')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Oops!' })).toBeNull();
  });
});
