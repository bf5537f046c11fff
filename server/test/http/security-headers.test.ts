import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseCspOrigins } from '../../src/config/config.js';
import { registerSecurityHeaders, siteCsp } from '../../src/http/security-headers.js';
import { type RawAnswer, rawExchange, rawRequest } from '../support/raw-request.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

/** Runs `use` against a test server that serves a one-page site, then stops it and removes the site. */
async function withSite(env: Record<string, string>, use: (t: RunningTestServer) => Promise<void>) {
  const root = mkdtempSync(join(tmpdir(), 'op-csp-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  const t = await startTestServer({ staticDir: root, env });
  try {
    await use(t);
  } finally {
    await t.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The directives of a policy, by name. */
const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('the site’s Content-Security-Policy', () => {
  it('lets the page send only to its own origin by default', () => {
    const csp = directives(siteCsp());
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['form-action']).toBe("'self'");
    expect(csp['script-src']).toBe("'self'");
  });

  it('allows no inline style but the answer’s nonce, and no inline script at all', () => {
    expect(directives(siteCsp())['style-src']).toBe("'self'");
    expect(directives(siteCsp([], 'abc+/0=='))['style-src']).toBe("'self' 'nonce-abc+/0=='");
    expect(directives(siteCsp([], 'abc+/0=='))['script-src']).toBe("'self'");
    expect(siteCsp(['https://api.emailjs.com'], 'abc+/0==')).not.toContain('unsafe-inline');
  });

  it('adds the CSP_CONNECT_SRC origins to connect-src and form-action, and nothing else', () => {
    const csp = directives(siteCsp(['https://api.emailjs.com']));
    expect(csp['connect-src']).toBe("'self' https://api.emailjs.com");
    expect(csp['form-action']).toBe("'self' https://api.emailjs.com");
    expect({ ...csp, 'connect-src': '', 'form-action': '' }).toEqual({
      ...directives(siteCsp()),
      'connect-src': '',
      'form-action': '',
    });
  });
});

describe('CSP_CONNECT_SRC', () => {
  it('reads origins separated by spaces or commas, normalised', () => {
    expect(parseCspOrigins(undefined)).toEqual([]);
    expect(parseCspOrigins('  ')).toEqual([]);
    expect(parseCspOrigins('https://API.emailjs.com/, http://127.0.0.1:9000  https://[::1]:8443')).toEqual([
      'https://api.emailjs.com',
      'http://127.0.0.1:9000',
      'https://[::1]:8443',
    ]);
  });

  it('refuses anything but a bare http(s) origin, so the policy cannot be widened otherwise', () => {
    for (const bad of [
      '*',
      "'unsafe-inline'",
      'api.emailjs.com',
      'https://*.example.com',
      'https://a.example;script-src',
      'https://a.example/path',
      'https://a.example?x=1',
      'https://user@a.example',
      'javascript:alert(1)',
      'data:',
      'ftp://a.example',
    ]) {
      expect(() => parseCspOrigins(`https://ok.example ${bad}`), bad).toThrow(
        `CSP_CONNECT_SRC must list origins like https://api.emailjs.com, got "${bad}"`,
      );
    }
  });
});

describe('the headers on the wire', () => {
  const saved = process.env.CSP_CONNECT_SRC;
  afterEach(() => {
    if (saved === undefined) delete process.env.CSP_CONNECT_SRC;
    else process.env.CSP_CONNECT_SRC = saved;
  });

  it('gives pages the site policy with the extra origins, and API answers the API policy', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { connectSrc: ['https://api.emailjs.com'] });
    app.get('/', (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    app.get('/v1/x', () => ({ ok: true }));
    const page = await app.inject('/');
    expect(directives(String(page.headers['content-security-policy']))['connect-src']).toBe(
      "'self' https://api.emailjs.com",
    );
    const api = await app.inject('/v1/x');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    await app.close();
  });

  it('gives each page answer its own nonce, allowed in style-src, and no other inline style or script', () =>
    withSite({}, async (t) => {
      const policies: string[] = [];
      for (const path of ['/', '/passage']) {
        const res = await t.call('GET', path, undefined, { accept: 'text/html' });
        policies.push(res.headers.get('content-security-policy') ?? '');
      }
      const [first, second] = policies.map(directives);
      expect(first!['style-src']).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
      expect(second!['style-src']).not.toBe(first!['style-src']);
      expect(first!['script-src']).toBe("'self'");
      expect(policies.join(' ')).not.toContain('unsafe-inline');
    }));

  it('never revalidates a page (a 304 would pair the cached nonce with a new policy); a file’s 304 keeps the site policy', () =>
    withSite({}, async (t) => {
      const page = await t.call('GET', '/', undefined, { accept: 'text/html' });
      expect(page.headers.get('etag')).toBeNull();
      expect(page.headers.get('last-modified')).toBeNull();
      const first = await t.call('GET', '/robots.txt');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      // As a browser's reload sends it (without a Cache-Control of its own, fetch would add no-cache).
      const again = await t.call('GET', '/robots.txt', undefined, {
        'if-none-match': etag ?? '',
        'cache-control': 'max-age=0',
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('content-security-policy')).toBe(siteCsp());
    }));

  it('is configured by the server’s environment (CSP_CONNECT_SRC), and a bad value stops the start', async () => {
    await withSite({ CSP_CONNECT_SRC: 'https://api.emailjs.com' }, async (t) => {
      const res = await t.call('GET', '/', undefined, { accept: 'text/html' });
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp['connect-src']).toBe("'self' https://api.emailjs.com");
      expect(csp['form-action']).toBe("'self' https://api.emailjs.com");
    });
    expect(() => loadConfig({ CSP_CONNECT_SRC: 'https://api.emailjs.com/api/v1.0' })).toThrow(
      /CSP_CONNECT_SRC must list origins/,
    );
  });
});

describe('the security headers of answers written before any route runs', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  const SHARED = [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'cache-control',
  ];
  const securityHeaders = (answer: RawAnswer) =>
    Object.fromEntries(SHARED.map((name) => [name, answer.headers[name]]));
  const request = (line: string, ...headers: string[]) =>
    rawExchange(t.baseUrl, [line, 'Host: localhost', 'Connection: close', ...headers, '', ''].join('\r\n'));

  it('are those of every other API answer: Node’s refusals, the router’s, an unknown Expect', async () => {
    const normal = await rawRequest(t.baseUrl, 'GET', '/v1/health');
    expect(normal.headers['referrer-policy']).toBe('no-referrer');
    const expected = securityHeaders(normal);
    const answers: [string, RawAnswer][] = [
      ['431: headers too large', await request('GET /v1/health HTTP/1.1', `X-Big: ${'x'.repeat(20_000)}`)],
      ['400: not HTTP (Node)', await request('BREW /v1/health HTTP/1.1')],
      [
        '400: broken framing (Node)',
        await request('POST /v1/health HTTP/1.1', 'Content-Length: 1', 'Content-Length: 2'),
      ],
      ['400: a URL that does not decode (router)', await request('GET /v1/apps/%ff HTTP/1.1')],
      ['414: a path segment too long (router)', await request(`GET /v1/apps/${'a'.repeat(101)} HTTP/1.1`)],
      ['an unknown Expect', await request('GET /v1/health HTTP/1.1', 'Expect: the-unexpected')],
      ['404: no route', await request('GET /v1/nothing HTTP/1.1')],
    ];
    for (const [what, answer] of answers) {
      expect({ what, ...securityHeaders(answer) }).toEqual({ what, ...expected });
      expect(answer.headers['content-type'], what).toBe('application/json; charset=utf-8');
    }
    // An expectation the server cannot meet is ignored (RFC 9110 allows it): the request gets its answer.
    expect(answers[5]![1].status).toBe(200);
  });
});
