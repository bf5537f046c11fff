import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../routes';

afterEach(cleanup);

describe('error page', () => {
  it('shows the spec texts and the status text for an unknown path', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/no/such/page'] })} />);
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText('Not Found').tagName).toBe('I');
  });
});
