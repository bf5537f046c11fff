import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OriginRefusalLog } from '../../src/http/origin-refusals.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const FOREIGN = 'http://localhost:5173';
const APP_ORIGIN = 'https://shop.example';
const appInfo = `/v1/apps/${TEST_APP_ID}`;

const preflightHeaders = (
  origin: string,
  method = 'GET',
  headers = 'passage-version, passage-element-version',
) => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': headers,
});

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * What a page outside an app's auth_origin, or naming no app, can learn from the app-info call (why it
 * was refused, readable) and what it cannot (any data, any other route), and the server's warnings.
 */
describe('CORS refusals the elements can read', () => {
  let t: RunningTestServer;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
    });
    t = await startTestServer({ apps: [{ id: TEST_APP_ID, auth_origin: APP_ORIGIN }], logStream });
  });
  afterAll(() => t.stop());

  /** The log lines written since `from`, once the logger's asynchronous writes are out. */
  const linesSince = async (from: number) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return lines.slice(from);
  };
  const warnings = (since: LogLine[]) => since.filter((line) => line.level === 40);

  it("lets a foreign page read the app-info call's 403 with both origins, and nothing else", async () => {
    const preflight = await t.call('OPTIONS', appInfo, undefined, preflightHeaders(FOREIGN));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(FOREIGN);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Passage-Version, Passage-Element-Version',
    );
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const res = await t.call('GET', appInfo, undefined, { origin: FOREIGN, 'passage-version': '1' });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBe(FOREIGN);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toContain('Origin');
    const body = (await res.json()) as Record<string, string>;
    expect(body).toEqual({
      code: 'origin_not_allowed',
      error: expect.stringContaining(FOREIGN) as string,
      origin: FOREIGN,
      auth_origin: APP_ORIGIN,
    });
    expect(body.error).toContain(APP_ORIGIN);
    expect(body.error).toContain('auth_origin');
  });

  it('answers an unknown or malformed app id with a readable 404 app_not_found, not 403', async () => {
    for (const id of ['noSuchApp00000000000000', 'my-app', 'caf%C3%A9']) {
      const preflight = await t.call('OPTIONS', `/v1/apps/${id}`, undefined, preflightHeaders(FOREIGN));
      expect(preflight.status, id).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), id).toBe(FOREIGN);
      const res = await t.call('GET', `/v1/apps/${id}`, undefined, { origin: FOREIGN });
      expect(res.status, id).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), id).toBe(FOREIGN);
      expect(((await res.json()) as { code: string }).code, id).toBe('app_not_found');
    }
    // The app's own origin sees the same answer for an unknown id.
    const own = await t.call('GET', '/v1/apps/noSuchApp00000000000000', undefined, { origin: APP_ORIGIN });
    expect(own.status).toBe(404);
  });

  it('still serves the app info to its auth_origin', async () => {
    const res = await t.call('GET', appInfo, undefined, { origin: APP_ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(((await res.json()) as { app: { id: string } }).app.id).toBe(TEST_APP_ID);
  });

  it('keeps every other route of the app closed to a foreign page: no preflight passes, no answer is readable', async () => {
    const document = (await (await t.call('GET', '/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    let checked = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      if (!template.startsWith('/v1/apps/{appId}') || template.includes('/.well-known/')) continue;
      const path = template.replace('{appId}', TEST_APP_ID).replace(/\{\w+\}/g, 'x');
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        if (path === appInfo && method === 'GET') continue;
        const what = `${method} ${template}`;
        const preflight = await t.call(
          'OPTIONS',
          path,
          undefined,
          preflightHeaders(FOREIGN, method, 'passage-version, authorization, content-type'),
        );
        expect(preflight.status, what).toBe(403);
        expect(preflight.headers.get('access-control-allow-origin'), what).toBeNull();
        if (template.endsWith('/social/oauth2_callback')) {
          // Providers send browsers back here from their sites (Apple by a cross-site form POST): the
          // Origin refuses nothing, and no answer is readable.
          const back = await t.call(method, path, undefined, { origin: FOREIGN });
          expect(back.status, what).toBe(400);
          expect(back.headers.get('access-control-allow-origin'), what).toBeNull();
          continue;
        }
        const res = await t.call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, {
          origin: FOREIGN,
          authorization: 'Bearer x',
        });
        expect(res.status, what).toBe(403);
        expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    // The app-info path itself, asked for any other method, and a preflight that asks for more headers.
    const post = await t.call('OPTIONS', appInfo, undefined, preflightHeaders(FOREIGN, 'POST'));
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('judges a percent-encoded app id as the app it names (the router decodes it too)', async () => {
    const encoded = `/v1/apps/%${TEST_APP_ID.charCodeAt(0).toString(16)}${TEST_APP_ID.slice(1)}`;
    const post = await t.call('POST', `${encoded}/login/otp`, '{"identifier":"ann@example.com"}', {
      origin: FOREIGN,
      'content-type': 'text/plain',
    });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { code: string }).code).toBe('origin_not_allowed');
    const own = await t.call('GET', encoded, undefined, { origin: APP_ORIGIN });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('echoes no Origin that is not an origin', async () => {
    for (const origin of ['evil', 'http://a.example/path', 'http://a.example http://b.example']) {
      const res = await t.call('GET', appInfo, undefined, { origin });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('logs a refused origin at warn with both origins and the app id, once a minute per origin', async () => {
    const origin = 'http://localhost:4321';
    const from = lines.length;
    await t.call('OPTIONS', `${appInfo}/login/otp`, undefined, preflightHeaders(origin, 'POST'));
    await t.call('GET', appInfo, undefined, { origin });
    await t.call('GET', appInfo, undefined, { origin });
    const warned = warnings(await linesSince(from));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      app_id: TEST_APP_ID,
      origin,
      auth_origin: APP_ORIGIN,
      preflight: true,
      msg: expect.stringContaining('auth_origin') as string,
    });
    // Another origin gets its own line, and counts the refusals left out before it.
    const next = lines.length;
    await t.call('GET', appInfo, undefined, { origin: 'http://127.0.0.1:9999' });
    const other = warnings(await linesSince(next));
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ origin: 'http://127.0.0.1:9999', preflight: false, suppressed: 2 });
  });

  it('logs an unknown app id at warn, and an attacker-chosen Origin as one JSON value', async () => {
    const origin = 'http://x.example:1"} {"level":60,"msg":"forged';
    const from = lines.length;
    await t.call('GET', '/v1/apps/noSuchAppForTheLog0000', undefined, { origin });
    const since = await linesSince(from);
    const warned = warnings(since);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ app_id: 'noSuchAppForTheLog0000', origin });
    expect(warned[0]!.auth_origin).toBeUndefined();
    expect(since.some((line) => line.level === 60)).toBe(false);
  });
});

describe('AUTH_ORIGIN', () => {
  it('lets pages on it use an app whose auth_origin is ${AUTH_ORIGIN}, and no longer the server itself', async () => {
    const t = await startTestServer({
      apps: [{ id: TEST_APP_ID, auth_origin: '${AUTH_ORIGIN}' }],
      env: { AUTH_ORIGIN: FOREIGN },
    });
    try {
      const res = await t.call('GET', appInfo, undefined, { origin: FOREIGN });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(FOREIGN);
      expect(((await res.json()) as { app: { auth_origin: string } }).app.auth_origin).toBe(FOREIGN);
      const own = await t.call('GET', appInfo, undefined, { origin: t.baseUrl });
      expect(own.status).toBe(403);
    } finally {
      await t.stop();
    }
  });
});

describe('OriginRefusalLog', () => {
  const recorder = () => {
    const warned: Record<string, unknown>[] = [];
    const log = { warn: (line: Record<string, unknown>) => warned.push(line) };
    return { warned, log: log as unknown as Parameters<OriginRefusalLog['refused']>[0] };
  };

  it('writes one line per app and origin a window, and at most maxLines a window in all', () => {
    let now = 0;
    const refusals = new OriginRefusalLog({ windowMs: 60_000, maxLines: 3, now: () => now });
    const { warned, log } = recorder();
    const refuse = (origin: string) =>
      refusals.refused(log, { appId: 'app', origin, authOrigin: 'https://a.example', preflight: true });
    refuse('https://1.example');
    refuse('https://1.example');
    refuse('https://2.example');
    refuse('https://3.example');
    for (let i = 4; i < 100; i++) refuse(`https://${i}.example`); // a flood with a new Origin each time
    expect(warned.map((line) => line.origin)).toEqual([
      'https://1.example',
      'https://2.example',
      'https://3.example',
    ]);
    expect(warned[1]!.suppressed).toBe(1);
    now = 60_000;
    refuse('https://1.example');
    expect(warned).toHaveLength(4);
    expect(warned[3]).toMatchObject({ origin: 'https://1.example', suppressed: 96 });
  });

  it('cuts a very long Origin', () => {
    const refusals = new OriginRefusalLog();
    const { warned, log } = recorder();
    refusals.refused(log, { appId: 'app', origin: `https://${'a'.repeat(5000)}.example`, preflight: false });
    expect((warned[0]!.origin as string).length).toBeLessThanOrEqual(201);
  });
});
