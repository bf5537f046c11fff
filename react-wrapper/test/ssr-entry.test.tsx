// @vitest-environment node
import { version } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { PassageAuth, PassageProfile } from 'open-passage-react/ssr';

afterEach(() => vi.restoreAllMocks());

// React 18 renders no async server components outside a framework's server: the entry needs React 19.
const react18 = process.env.EXPECT_REACT === '18';

/** The HTML of `element` as a React server renderer (Next.js) streams it, once everything is in. */
async function serverHtml(element: React.ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

it.skipIf(react18)(
  `open-passage-react/ssr renders the element's shadow root as declarative shadow DOM (React ${version})`,
  async () => {
    const error = vi.spyOn(console, 'error');
    // No identity server answers here: the element renders its loading view (the browser takes it on).
    const html = await serverHtml(<PassageAuth appId="app-1" apiUrl="http://127.0.0.1:9" theme="dark" />);
    expect(html).toMatch(/<passage-auth[^>]* app-id="app-1"/);
    expect(html).toMatch(/<passage-auth[^>]* api-url="http:\/\/127.0.0.1:9"/);
    expect(html).toMatch(/<passage-auth[^>]* defer-hydration=""/);
    expect(html).toMatch(/<passage-auth[^>]*><template shadowrootmode="open">/);
    expect(html).toContain('part="spinner"');
    expect(error).not.toHaveBeenCalled();
  },
);

it.skipIf(react18)('open-passage-react/ssr renders the profile in the browser only', async () => {
  const html = await serverHtml(<PassageProfile appId="app-1" />);
  expect(html).toMatch(/^<passage-profile[^>]* defer-hydration=""><\/passage-profile>$/);
});
