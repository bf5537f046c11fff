import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const sites: string[] = [];
afterAll(() => {
  for (const root of sites) rmSync(root, { recursive: true, force: true });
});

/** Each path, asked for as HTML, answers the app shell with the given status. */
async function expectAppShell(t: RunningTestServer, cases: [path: string, status: number][]): Promise<void> {
  for (const [path, status] of cases) {
    const res = await t.call('GET', path, undefined, { accept: 'text/html' });
    expect(res.status, path).toBe(status);
    expect(await res.text()).toContain('<!-- shell -->');
  }
}
function makeSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'open-passage-site-'));
  sites.push(root);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  const script = 'console.log("hello");'.repeat(100);
  writeFileSync(join(root, 'assets', 'app-1234.js'), script);
  writeFileSync(join(root, 'assets', 'app-1234.js.gz'), gzipSync(script));
  return root;
}

describe('the built site', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer({ staticDir: makeSite() });
  });
  afterAll(() => t.stop());

  it('sends the precompressed asset with a long, immutable cache lifetime', async () => {
    const res = await t.call('GET', '/assets/app-1234.js', undefined, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('console.log("hello");');
  });

  it('answers client-side routes with index.html, revalidated on every visit', async () => {
    const res = await t.call('GET', '/passageSuccess', undefined, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('keeps API paths as JSON 404s even when the browser asks for HTML', async () => {
    const res = await t.call('GET', '/v1/unknown', undefined, { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
  });
});

describe('a built site with an app shell beside the prerendered index.html', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    const root = makeSite();
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><div id="root"><h1>Prerendered portfolio</h1></div>',
    );
    writeFileSync(join(root, 'app.html'), '<!doctype html><div id="root"></div><!-- shell -->');
    t = await startTestServer({ staticDir: root });
  });
  afterAll(() => t.stop());

  it('sends the prerendered index.html for /', async () => {
    const res = await t.call('GET', '/', undefined, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Prerendered portfolio');
  });

  it('sends the app shell, not the portfolio, for other pages and unknown paths', async () => {
    for (const path of ['/passage', '/passageSuccess', '/no/such/page']) {
      const res = await t.call('GET', path, undefined, { accept: 'text/html' });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<!-- shell -->');
      expect(html).not.toContain('Prerendered portfolio');
    }
  });
});

describe('a built site that lists its pages in routes.json', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    const root = makeSite();
    writeFileSync(join(root, 'app.html'), '<!doctype html><div id="root"></div><!-- shell -->');
    writeFileSync(join(root, 'routes.json'), JSON.stringify({ pages: ['/', '/passage', '/passageSuccess'] }));
    t = await startTestServer({ staticDir: root });
  });
  afterAll(() => t.stop());

  it('answers its pages with 200 and any other path with the app shell and a 404 status', async () => {
    await expectAppShell(t, [
      ['/passage', 200],
      ['/passage/', 200],
      ['/passageSuccess?x=1', 200],
      ['/no/such/page', 404],
      ['/passagex', 404],
    ]);
  });

  it('answers its pages with HTML whatever the Accept header, and other paths as JSON unless HTML is wanted', async () => {
    const page = await t.call('GET', '/passage');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<!-- shell -->');
    const other = await t.call('GET', '/no/such/page');
    expect(other.status).toBe(404);
    expect(((await other.json()) as { code: string }).code).toBe('not_found');
  });
});

describe('a built site with host pages prerendered on their own', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    const root = makeSite();
    writeFileSync(join(root, 'app.html'), '<!doctype html><div id="root"></div><!-- shell -->');
    mkdirSync(join(root, 'pages'));
    writeFileSync(
      join(root, 'pages', 'passage.html'),
      '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><h1>Sign in</h1>',
    );
    writeFileSync(
      join(root, 'routes.json'),
      JSON.stringify({
        pages: ['/', '/passage', '/passageSuccess'],
        prerendered: { '/passage': 'pages/passage.html' },
      }),
    );
    t = await startTestServer({ staticDir: root });
  });
  afterAll(() => t.stop());

  it('sends a prerendered page for its path, with a nonce of its own', async () => {
    for (const path of ['/passage', '/passage/', '/passage?x=1']) {
      const res = await t.call('GET', path, undefined, { accept: 'text/html' });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>Sign in</h1>');
      expect(html).not.toContain('__CSP_NONCE__');
    }
  });

  it('keeps the app shell for the other pages and unknown paths, and never serves pages/ as files', async () => {
    await expectAppShell(t, [
      ['/passageSuccess', 200],
      ['/no/such/page', 404],
      ['/pages/passage.html', 404],
    ]);
  });

  it('refuses a routes.json whose prerendered file lies outside the site', async () => {
    const root = makeSite();
    writeFileSync(
      join(root, 'routes.json'),
      JSON.stringify({ pages: ['/'], prerendered: { '/x': '../secret.html' } }),
    );
    await expect(startTestServer({ staticDir: root })).rejects.toThrow(/"prerendered" must map paths/);
  });
});

describe('the site’s pages, each answer with a nonce of its own', () => {
  let t: RunningTestServer;
  let root: string;
  const page = (body: string) =>
    `<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><style nonce="__CSP_NONCE__">p{}</style>${body}`;
  beforeAll(async () => {
    root = makeSite();
    writeFileSync(join(root, 'index.html'), page('<h1>Prerendered portfolio</h1>'));
    writeFileSync(join(root, 'app.html'), page('<!-- shell -->'));
    // What the build wrote before pages were templated: never to be sent, it holds no nonce.
    writeFileSync(join(root, 'index.html.gz'), gzipSync(page('stale')));
    t = await startTestServer({ staticDir: root });
  });
  afterAll(() => t.stop());

  /** The nonce the page's policy allows, checking it is the one in its HTML (and only that). */
  async function nonceOf(res: Response): Promise<string> {
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).not.toContain('__CSP_NONCE__');
    expect(html.split(`"${nonce}"`)).toHaveLength(3);
    return nonce!;
  }

  it('replaces the placeholder with the nonce of the answer’s policy, a fresh one each time', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/', '/passage', '/no/such/page']) {
      nonces.add(await nonceOf(await t.call('GET', path, undefined, { accept: 'text/html' })));
    }
    expect(nonces.size).toBe(4);
  });

  it('compresses each answer itself, with no validator, revalidated on every visit', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await t.call('GET', '/', undefined, { accept: 'text/html', 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('etag')).toBeNull();
      expect(await nonceOf(res)).toBeTruthy(); // fetch decodes it: the templated page, not the stale file
    }
    const plain = await t.call('GET', '/', undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Prerendered portfolio');
  });

  it('does not serve the page files as files: such a path gets the templated app shell', async () => {
    for (const path of ['/index.html', '/index.html.gz', '/app.html']) {
      const res = await t.call('GET', path, undefined, { accept: 'text/html' });
      expect(res.headers.get('content-type'), path).toContain('text/html');
      const html = await res.clone().text();
      expect(html, path).toContain('<!-- shell -->');
      expect(await nonceOf(res)).toBeTruthy();
    }
  });

  it('answers HEAD like GET, without the page', async () => {
    const res = await t.call('HEAD', '/passage', undefined, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('');
  });

  it('sends a page’s new version as soon as its file changes', async () => {
    writeFileSync(join(root, 'index.html'), page('<h1>Deployed again</h1>'));
    try {
      const res = await t.call('GET', '/', undefined, { accept: 'text/html' });
      expect(await res.text()).toContain('Deployed again');
    } finally {
      // Put the first version back: the other tests, in whatever order, read it.
      writeFileSync(join(root, 'index.html'), page('<h1>Prerendered portfolio</h1>'));
    }
  });
});
