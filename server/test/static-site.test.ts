import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer } from './support/test-server.js';

const sites: string[] = [];
afterAll(() => {
  for (const root of sites) rmSync(root, { recursive: true, force: true });
});

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
    for (const [path, status] of [
      ['/passage', 200],
      ['/passage/', 200],
      ['/passageSuccess?x=1', 200],
      ['/no/such/page', 404],
      ['/passagex', 404],
    ] as const) {
      const res = await t.call('GET', path, undefined, { accept: 'text/html' });
      expect(res.status, path).toBe(status);
      expect(await res.text()).toContain('<!-- shell -->');
    }
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
