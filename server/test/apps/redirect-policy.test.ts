import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppsFile } from '../../src/apps/apps-file.js';
import { AppsRepository } from '../../src/apps/apps-repository.js';
import { redirectUrlProblem } from '../../src/http/safe-urls.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const ORIGIN = 'https://app.example.com';

describe('redirectUrlProblem', () => {
  it.each([
    '/',
    '/dashboard?tab=1#top',
    '/%2f%2fevil.example', // stays an encoded path segment
    'https://app.example.com',
    'https://app.example.com/welcome',
    'HTTPS://APP.EXAMPLE.COM/x',
    'https://app.example.com:443/x',
    'https://shop.example.com/after-login', // in the allow-list
  ])('accepts %j', (url) => {
    expect(redirectUrlProblem(url, ORIGIN, ['https://shop.example.com'])).toBeNull();
  });

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://evil.example/',
    'http://app.example.com/', // another scheme is another origin
    'https://app.example.com.evil.example/',
    'https://user:pass@app.example.com/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/a/../..//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'dashboard',
    'ftp://app.example.com/',
  ])('refuses %j', (url) => {
    expect(redirectUrlProblem(url, ORIGIN, ['https://shop.example.com'])).toMatch(/./);
  });
});

describe('redirect_url in the apps file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-passage-redirect-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const read = async (app: Record<string, unknown>) => {
    const file = join(dir, 'apps.json');
    await writeFile(
      file,
      JSON.stringify({ apps: [{ id: 'redirectApp000001', name: 'R', auth_origin: ORIGIN, ...app }] }),
    );
    return readAppsFile(file, {});
  };

  it('refuses a javascript: or off-origin redirect_url at start, naming the app and the field', async () => {
    await expect(read({ redirect_url: 'javascript:alert(document.domain)' })).rejects.toThrow(
      /app "R" \(#1\): redirect_url "javascript:alert\(document.domain\)"/,
    );
    await expect(read({ redirect_url: 'https://evil.example/' })).rejects.toThrow(/redirect_url/);
    await expect(read({ allowed_redirect_origins: ['https://x.example/path'] })).rejects.toThrow(
      /allowed_redirect_origins/,
    );
  });

  it('accepts a path, the auth_origin and an allowed origin', async () => {
    for (const redirect_url of ['/welcome', `${ORIGIN}/welcome`]) {
      expect((await read({ redirect_url }))[0]?.redirect_url).toBe(redirect_url);
    }
    const [app] = await read({
      redirect_url: 'https://shop.example.com/',
      allowed_redirect_origins: ['https://shop.example.com'],
    });
    expect(app?.allowed_redirect_origins).toEqual(['https://shop.example.com']);
  });
});

describe('redirect_url through the admin API', () => {
  const KEY = 'admin-key-for-tests-0123456789';
  let t: RunningTestServer;
  const admin = (method: string, path: string, body?: unknown) =>
    t.call(method, `/admin/v1/apps${path}`, body, { authorization: `Bearer ${KEY}` });
  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => t.stop());

  it('answers 400 with a clear message for javascript:, data: and off-origin redirects', async () => {
    const base = { name: 'R', auth_origin: ORIGIN };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ id: 'redirectApi000001', redirect_url: 'javascript:alert(document.domain)' }, /http\(s\)/],
      [{ id: 'redirectApi000002', redirect_url: 'data:text/html,x' }, /http\(s\)/],
      [{ id: 'redirectApi000003', redirect_url: 'https://evil.example/' }, /auth_origin/],
      [{ id: 'redirectApi000004', redirect_url: '/.//evil.example' }, /path on the app origin/],
    ];
    for (const [body, message] of cases) {
      const res = await admin('POST', '', { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { code: string; error: string };
      expect(answer.code).toBe('invalid_request');
      expect(answer.error).toMatch(/^body\.redirect_url /);
      expect(answer.error).toMatch(message);
    }
    expect((await admin('GET', '/redirectApi000001')).status).toBe(404);
  });

  it('checks a PATCH against the stored auth_origin and allow-list', async () => {
    const id = 'redirectApi000010';
    expect((await admin('POST', '', { id, name: 'R', auth_origin: ORIGIN })).status).toBe(201);
    expect((await admin('PATCH', `/${id}`, { redirect_url: 'https://shop.example.com/' })).status).toBe(400);
    const allowed = await admin('PATCH', `/${id}`, {
      redirect_url: 'https://shop.example.com/',
      allowed_redirect_origins: ['https://shop.example.com'],
    });
    expect(allowed.status).toBe(200);
    // Moving the auth_origin away from a redirect_url on the old one is refused too.
    const moved = await admin('PATCH', `/${id}`, {
      redirect_url: `${ORIGIN}/x`,
      auth_origin: 'https://elsewhere.example',
    });
    expect(moved.status).toBe(400);
    expect((await admin('PATCH', `/${id}`, { redirect_url: '/home' })).status).toBe(200);
  });
});

describe('an app stored before the redirect policy', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  it('is served with "/" instead of its javascript: or off-origin redirect_url', async () => {
    const apps = new AppsRepository(t.server.db);
    for (const [id, redirect_url] of [
      ['storedApp00000001', 'javascript:alert(document.domain)'],
      ['storedApp00000002', 'https://evil.example/'],
    ] as const) {
      // Written as an older version's admin API did, without the check.
      await apps.upsert({ ...t.server.apps[0]!, id, redirect_url });
      const info = (await (await t.call('GET', `/v1/apps/${id}`)).json()) as {
        app: { redirect_url: string };
      };
      expect(info.app.redirect_url).toBe('/');
      const { auth } = await signedInUser(t, id, `${id}@example.com`);
      expect(auth.redirect_url).toBe('/');
    }
  });
});
