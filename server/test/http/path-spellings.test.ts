import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawRequest } from '../support/raw-request.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const OTHER_APP = 'otherApp000000000000002';
const ADMIN_KEY = 'path-spellings-admin-key-0123456789';
const FOREIGN = 'https://evil.example';

/**
 * The ways one path can be written that the router reads as the same route: a percent-encoded
 * character in the app id or in a fixed segment, the absolute form, a fragment, a trailing slash.
 */
function sameRoute(path: string): string[] {
  const [, prefix = '', id = '', rest = ''] = /^(\/v1\/apps\/)([^/]+)(.*)$/.exec(path) ?? [];
  const spellings = [
    `http://localhost${path}`,
    `${path}#x`,
    `${path}/`,
    path.replace(
      /^\/(\w+)\/(.)/,
      (_, first: string, c: string) => `/${first}/%${c.charCodeAt(0).toString(16)}`,
    ),
  ];
  if (id) {
    const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
    spellings.push(`${prefix}${hex(id[0]!)}${id.slice(1)}${rest}`);
    spellings.push(`${prefix}${[...id].map(hex).join('').toUpperCase()}${rest}`);
    spellings.push(`http://localhost${prefix}${hex(id[0]!)}${id.slice(1)}${rest}`);
  }
  return spellings;
}

/** Ways of writing a path that the router reads as another path, or as none. */
function otherRoutes(path: string): string[] {
  const generic = [`/${path}`, path.replace('/v1/', '/V1/')];
  const app = /^(\/v1\/apps\/)([^/]+)(.*)$/.exec(path);
  if (!app) return generic;
  const [, prefix = '', id = '', rest = ''] = app;
  return [
    ...generic,
    `${prefix}${id};a=b${rest}`,
    `${prefix}x/../${id}${rest}`,
    `${prefix}${id}/${rest}`,
    `${prefix}${id}%2F${rest.slice(1)}`,
  ];
}

describe('every spelling of a path gets the decision of the route it reaches', () => {
  let t: RunningTestServer;
  let ownOrigin: string;
  let otherAppKey: string;
  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_FACTOR: '0' },
      apps: [{ id: TEST_APP_ID }, { id: OTHER_APP, auth_origin: 'https://other.example' }],
    });
    ownOrigin = t.baseUrl.replace('127.0.0.1', 'localhost');
    const made = await t.call(
      'POST',
      `/admin/v1/apps/${OTHER_APP}/api-keys`,
      { name: 'spellings' },
      {
        authorization: `Bearer ${ADMIN_KEY}`,
      },
    );
    otherAppKey = ((await made.json()) as { key: string }).key;
  });
  afterAll(() => t.stop());

  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    rawRequest(t.baseUrl, method, path, {
      headers: body === undefined ? headers : { 'content-type': 'text/plain', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const summary = (path: string, res: RawAnswer) =>
    `${path} → ${res.status} ${(/"code":"(\w+)"/.exec(res.text) ?? [])[1] ?? res.text.slice(0, 40)}`;

  it("refuses a foreign Origin on an app's API however the app id or the path is spelled", async () => {
    const body = { identifier: 'spelled@example.com' };
    for (const [method, path, sent] of [
      ['POST', `/v1/apps/${TEST_APP_ID}/register/otp`, body],
      ['POST', `/v1/apps/${TEST_APP_ID}/login/magic-link`, body],
      ['GET', `/v1/apps/${TEST_APP_ID}`, undefined],
      ['GET', `/v1/apps/${TEST_APP_ID}/users?identifier=a@example.com`, undefined],
    ] as const) {
      const [route = path, query = ''] = path.split('?');
      const withQuery = (p: string) => (query ? p.replace(/(#x)?$/, `?${query}$1`) : p);
      // The app-info call's refusal is readable (cors.ts), under every spelling; the others' never.
      const readable = method === 'GET' && route === `/v1/apps/${TEST_APP_ID}`;
      const refused: string[] = [];
      for (const spelling of [path, ...sameRoute(route).map(withQuery)]) {
        const res = await send(method, spelling, { origin: FOREIGN }, sent);
        if (
          res.status !== 403 ||
          !res.text.includes('origin_not_allowed') ||
          res.headers['access-control-allow-origin'] !== (readable ? FOREIGN : undefined)
        )
          refused.push(summary(spelling, res));
      }
      expect(refused, `${method} ${path}: each spelling answers 403 origin_not_allowed`).toEqual([]);
      const let_through: string[] = [];
      for (const spelling of otherRoutes(route).map(withQuery)) {
        const res = await send(method, spelling, { origin: FOREIGN }, sent);
        // The app-info call's refusals may be readable (a spelling that reaches it with another id gets
        // its 404 app_not_found), but nothing else, and nothing succeeds.
        const readableRefusal = /"code":"(app_not_found|origin_not_allowed)"/.test(res.text);
        if (res.status < 400 || (res.headers['access-control-allow-origin'] && !readableRefusal))
          let_through.push(summary(spelling, res));
      }
      expect(let_through, `${method} ${path}: no other spelling succeeds`).toEqual([]);
    }
    // The app's own origin is still served, whatever the spelling.
    for (const spelling of sameRoute(`/v1/apps/${TEST_APP_ID}`)) {
      const res = await send('GET', spelling, { origin: ownOrigin });
      expect(summary(spelling, res)).toMatch(/→ 200 /);
      expect(res.headers['access-control-allow-origin']).toBe(ownOrigin);
    }
  });

  it('keeps the JWKS and the OpenID configuration public under every spelling', async () => {
    for (const file of ['jwks.json', 'openid-configuration']) {
      const path = `/v1/apps/${TEST_APP_ID}/.well-known/${file}`;
      for (const spelling of [...sameRoute(path), path.replace('/.well-known/', '/%2Ewell-known/')]) {
        const res = await send('GET', spelling, { origin: FOREIGN });
        expect(summary(spelling, res)).toMatch(/→ 200 /);
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    }
  });

  it('answers a preflight by the app the decoded path names', async () => {
    const preflight = (path: string, origin: string) =>
      send('OPTIONS', path, { origin, 'access-control-request-method': 'POST' });
    for (const spelling of sameRoute(`/v1/apps/${TEST_APP_ID}/register/otp`)) {
      expect((await preflight(spelling, FOREIGN)).status, spelling).toBe(403);
      const own = await preflight(spelling, ownOrigin);
      expect(own.status, spelling).toBe(204);
      expect(own.headers['access-control-allow-origin']).toBe(ownOrigin);
    }
  });

  it('asks for the admin key on every spelling of an admin path', async () => {
    for (const path of [
      '/admin/v1/apps',
      `/admin/v1/apps/${TEST_APP_ID}`,
      `/admin/v1/apps/${TEST_APP_ID}/users`,
    ]) {
      for (const spelling of [path, ...sameRoute(path), ...otherRoutes(path)]) {
        const res = await send('GET', spelling, { authorization: 'Bearer not-the-admin-key' });
        expect(summary(spelling, res)).toMatch(/→ (401 invalid_access_token|404 \w+)/);
      }
    }
  });

  it("takes an app's API key for that app only, however the other app's id is spelled", async () => {
    const path = `/v1/apps/${TEST_APP_ID}/users`;
    for (const spelling of [path, ...sameRoute(path), ...otherRoutes(path)]) {
      const res = await send('GET', spelling, { authorization: `Bearer ${otherAppKey}` });
      expect(summary(spelling, res)).toMatch(/→ (401 invalid_access_token|404 \w+)/);
    }
    const own = await send('GET', `/v1/apps/%${'o'.charCodeAt(0).toString(16)}therApp000000000000002/users`, {
      authorization: `Bearer ${otherAppKey}`,
    });
    expect(own.status).toBe(200);
  });

  it('lets only app origins call the contact endpoint, however its path is spelled', async () => {
    const path = '/api/v1.0/email/send';
    const message = {
      service_id: 's',
      template_id: 't',
      user_id: TEST_APP_ID,
      template_params: { message: 'hello' },
    };
    for (const spelling of [path, ...sameRoute(path), path.replace('/email/', '/%65mail/')]) {
      const foreign = await send('POST', spelling, { origin: FOREIGN }, message);
      expect(`${spelling} → ${foreign.status}`).toMatch(/→ 403$/);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      const own = await send('POST', spelling, { origin: ownOrigin }, message);
      expect(`${spelling} → ${own.status}`).toMatch(/→ 200$/);
      expect(own.headers['access-control-allow-origin']).toBe(ownOrigin);
    }
  });

  it("gives an API path the API's headers and a JSON 404 however it is spelled", async () => {
    for (const spelling of [
      'http://localhost/v1/nothing',
      '/v1/noth%69ng',
      '/%761/nothing',
      '/v1/nothing#x',
    ]) {
      const res = await send('GET', spelling, { accept: 'text/html' });
      expect(summary(spelling, res)).toMatch(/→ 404 not_found/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('the development routes in production', () => {
  it('are not there under any spelling', async () => {
    // Outside development mode the server starts only with the mail server its apps need.
    const mail = await startSmtpSink();
    const t = await startTestServer({ env: { NODE_ENV: 'production', SMTP_URL: mail.url } });
    try {
      for (const spelling of [
        '/dev/outbox',
        '/%64ev/outbox',
        '/dev/%6Futbox',
        'http://localhost/dev/outbox',
        '/dev/outbox#x',
        '/dev/outbox/',
      ]) {
        const res = await rawRequest(t.baseUrl, 'GET', spelling);
        expect(`${spelling} → ${res.status}`).toMatch(/→ 404$/);
        expect(res.headers['content-type']).toContain('application/json');
      }
    } finally {
      await t.stop();
      await mail.stop();
    }
  });
});
