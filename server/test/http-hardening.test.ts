import { loadConfig } from '../src/config/config.js';
import { trustedProxies } from '../src/http/trusted-proxies.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingSchemaParts } from '../src/http/route-schemas.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';

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
