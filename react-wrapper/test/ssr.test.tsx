// @vitest-environment node
import { version } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { PassageAuth } from 'open-passage-react';

afterEach(() => vi.restoreAllMocks());

it(`renders on the server with React ${version}, quietly (the element hydrates in the browser)`, () => {
  const error = vi.spyOn(console, 'error');
  const html = renderToString(<PassageAuth appId="app-1" theme="dark" onSuccess={() => {}} />);
  expect(html).toContain('<passage-auth');
  expect(error).not.toHaveBeenCalled();
});

it('marks the element defer-hydration on the server, so it waits for its properties in the browser', () => {
  const html = renderToString(<PassageAuth appId="app-1" apiUrl="https://auth.example.com" />);
  expect(html).toMatch(/<passage-auth[^>]* defer-hydration=""/);
});
