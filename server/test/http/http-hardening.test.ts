import { loadConfig } from '../../src/config/config.js';
import { trustedProxies } from '../../src/http/trusted-proxies.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingSchemaParts } from '../../src/http/route-schemas.js';
import { rawRequest } from '../support/raw-request.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const OTHER_APP = 'otherApp000000000000002';

describe('CORS, security headers, health and OpenAPI', () => {
  let t: RunningTestServer;
  let origin: string;
  beforeAll(async () => {
    t = await startTestServer({
      apps: [{ id: TEST_APP_ID }, { id: OTHER_APP, auth_origin: 'https://other.example' }],
    });
    origin = t.baseUrl.replace('127.0.0.1', 'localhost');
  });
  afterAll(() => t.stop());

  const preflight = (path: string, from: string) =>
    t.call('OPTIONS', path, undefined, {
      origin: from,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'passage-version, passage-element-version, content-type',
    });

  it("answers a preflight from the app's auth_origin with the Passage headers allowed", async () => {
    const res = await preflight(`/v1/apps/${TEST_APP_ID}/login/otp`, origin);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['Passage-Version', 'Passage-Element-Version', 'Authorization', 'Content-Type']) {
      expect(allowed).toContain(header);
    }
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it("refuses a foreign origin, including another app's origin", async () => {
    for (const from of ['https://evil.example', 'https://other.example']) {
      const pre = await preflight(`/v1/apps/${TEST_APP_ID}/login/otp`, from);
      expect(pre.status).toBe(403);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const get = await t.call('GET', `/v1/apps/${TEST_APP_ID}`, undefined, { origin: from });
      expect(get.status).toBe(403);
      expect(((await get.json()) as { code: string }).code).toBe('origin_not_allowed');
    }
    const own = await t.call('GET', `/v1/apps/${OTHER_APP}`, undefined, { origin: 'https://other.example' });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe('https://other.example');
    // The elements read a 429's Retry-After (when to try again), which browsers hide unless exposed.
    expect(own.headers.get('access-control-expose-headers')).toBe('Retry-After');
  });

  it('serves requests without an Origin (servers, curl) and the JWKS to anyone', async () => {
    expect((await t.call('GET', `/v1/apps/${TEST_APP_ID}`)).status).toBe(200);
    const jwks = await t.call('GET', `/v1/apps/${TEST_APP_ID}/.well-known/jwks.json`, undefined, {
      origin: 'https://evil.example',
    });
    expect(jwks.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends security headers on API answers', async () => {
    const res = await t.call('GET', `/v1/apps/${TEST_APP_ID}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // plain http here
  });

  it('answers GET /v1/health with the database state', async () => {
    const res = await t.call('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: t.server.dbKind });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.call('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/v1/apps/{appId}']?.get).toBeDefined();
    expect(doc.paths['/v1/health']?.get).toBeDefined();
    expect(doc.paths['/api/v1.0/email/send-form']?.post).toBeDefined();
    expect(doc.paths['/api/v1.0/email/send']?.post).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.includes('/login/otp') || p.includes('/users'))).toBe(true);
  });

  it('has a schema on every registered route', () => {
    expect(t.server.routesWithoutSchema).toEqual([]);
  });
});

describe('refusals before any route runs (router, body parser, Node)', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  const get = (path: string, headers?: Record<string, string>) =>
    rawRequest(t.baseUrl, 'GET', path, headers ? { headers } : {});
  const answer = (res: { status: number; text: string }) => ({ status: res.status, ...JSON.parse(res.text) });

  it('answers a URL that does not decode with 400 {code, error}', async () => {
    expect(answer(await get('/v1/apps/%ff%fe'))).toEqual({
      status: 400,
      code: 'invalid_request',
      error: 'The URL is not validly percent-encoded.',
    });
  });

  it('answers a path parameter over 100 characters with 414 {code, error}', async () => {
    expect(answer(await get(`/v1/apps/${'a'.repeat(101)}`))).toEqual({
      status: 414,
      code: 'invalid_request',
      error: 'A path segment is longer than 100 characters.',
    });
  });

  it("answers headers over Node's limit (a huge query) with 431 {code, error} and the API's headers", async () => {
    const res = await get(`/v1/apps/${TEST_APP_ID}?q=${'x'.repeat(70 * 1024)}`);
    expect(answer(res)).toEqual({
      status: 431,
      code: 'invalid_request',
      error: "The request's URL and headers together are larger than 16 kB.",
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers what is not HTTP (an unknown method) with 400 {code, error}', async () => {
    expect(answer(await rawRequest(t.baseUrl, 'BREW', '/v1/health'))).toEqual({
      status: 400,
      code: 'invalid_request',
      error: 'The request is not valid HTTP/1.1.',
    });
  });

  it('answers a body over the limit with 413 {code, error}', async () => {
    const res = await t.call('POST', `/v1/apps/${TEST_APP_ID}/login/otp`, { x: 'x'.repeat(70 * 1024) });
    expect({ status: res.status, ...((await res.json()) as object) }).toEqual({
      status: 413,
      code: 'invalid_request',
      error: 'The request body is larger than this endpoint accepts.',
    });
  });

  it('answers an app id no app can have exactly like an unknown one: 404 app_not_found', async () => {
    const unknown = answer(await get(`/v1/apps/${'Z'.repeat(64)}`));
    expect(unknown).toEqual({ status: 404, code: 'app_not_found', error: 'No app with this id exists.' });
    for (const id of ['no-such-app', 'a.b', '%00', 'c'.repeat(80)]) {
      expect(answer(await get(`/v1/apps/${id}`))).toEqual(unknown);
      expect(answer(await get(`/v1/apps/${id}/.well-known/jwks.json`))).toEqual(unknown);
    }
  });
});

describe('the route-schema check', () => {
  it('flags a route without schema, undescribed path parameters or an undescribed body', () => {
    expect(missingSchemaParts({ method: 'GET', url: '/x' })).toBe('schema');
    expect(missingSchemaParts({ method: 'GET', url: '/x/:id', schema: { querystring: {} } })).toBe('params');
    expect(missingSchemaParts({ method: 'POST', url: '/x', schema: { response: {} } })).toBe('body');
    expect(missingSchemaParts({ method: 'POST', url: '/x', schema: { body: {} } })).toBeNull();
    expect(missingSchemaParts({ method: 'GET', url: '/*', schema: { hide: true } })).toBeNull();
  });
});

describe('the built site', () => {
  it('gets a strict Content-Security-Policy that allows only its own origin', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const root = mkdtempSync(join(tmpdir(), 'op-site-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    const t = await startTestServer({ staticDir: root });
    try {
      const res = await t.call('GET', '/', undefined, { accept: 'text/html' });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/https?:/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await t.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('TRUST_PROXY', () => {
  it('sends HSTS when a trusted proxy says the client used https', async () => {
    const t = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const res = await t.call('GET', '/v1/health', undefined, { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.stop();
    }
  });

  it('ignores forwarded headers from an untrusted peer', async () => {
    const t = await startTestServer();
    try {
      const res = await t.call('GET', '/v1/health', undefined, { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await t.stop();
    }
  });
});

describe('trusted proxies', () => {
  it('takes the client address from X-Forwarded-For only behind a listed proxy, also for CIDRs', () => {
    const trust = trustedProxies('10.0.0.0/8, 127.0.0.1');
    expect(typeof trust).toBe('function');
    const check = trust as (address: string, hop: number) => boolean;
    expect(check('127.0.0.1', 0)).toBe(true);
    expect(check('10.1.2.3', 0)).toBe(true);
    expect(check('198.18.0.1', 0)).toBe(false);
    expect(check('198.18.0.1', 0)).toBe(false); // remembered
    expect(trustedProxies(true)).toBe(true);
    expect(trustedProxies(false)).toBe(false);
  });

  it('refuses a hop count, which would trust any client', () => {
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/not a hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toBe('10.0.0.5');
  });
});

describe('a NUL character in what a request sends', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: 'nul-admin-key-0123456789abcdef' } });
  });
  afterAll(() => t.stop());

  const answer = async (res: Response) => ({ status: res.status, ...((await res.json()) as object) });

  it('is refused with 400 before the database sees it (PostgreSQL refuses NUL in text)', async () => {
    const app = `/v1/apps/${TEST_APP_ID}`;
    expect(
      await answer(await t.call('POST', `${app}/login/otp`, { identifier: 'a\u0000@example.com' })),
    ).toEqual({
      status: 400,
      code: 'invalid_request',
      error: 'body.identifier may not contain a NUL character (\\u0000).',
    });
    expect(await answer(await t.call('GET', `${app}/users?identifier=a%00@example.com`))).toMatchObject({
      status: 400,
      error: 'querystring.identifier may not contain a NUL character (\\u0000).',
    });
    const { auth } = await signedInUser(t, TEST_APP_ID, 'nul@example.com');
    const device = await t.call('DELETE', `${app}/currentuser/devices/a%00b`, undefined, {
      authorization: `Bearer ${auth.auth_token}`,
    });
    expect(await answer(device)).toMatchObject({
      status: 400,
      error: expect.stringContaining('params.deviceId'),
    });
  });

  it('in an app id, is answered like an id no app has, by the management API too', async () => {
    expect(await answer(await t.call('GET', '/v1/apps/a%00b'))).toMatchObject({
      status: 404,
      code: 'app_not_found',
    });
    const managed = await t.call('GET', '/v1/apps/a%00b/users/abc', undefined, {
      authorization: 'Bearer some-key',
    });
    expect(await answer(managed)).toMatchObject({ status: 401, code: 'invalid_access_token' });
  });
});
