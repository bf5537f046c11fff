import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAppsFile } from '../../src/apps/apps-file.js';
import { captureMessages } from '../support/captured-messages.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

// login_url: where emailed links land when the client names no magic_link_path, as Passage's
// passage-js and passage-elements never do for an email or phone change.

const WITH_LOGIN = 'loginUrlApp000000000001';
const WITHOUT = 'loginUrlNone00000000001';
const KEY = 'admin-key-for-tests-0123456789';

describe('login_url', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const base = (appId: string) => `/v1/apps/${appId}`;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = (method: string, path: string, body?: unknown) =>
    t.call(method, `/admin/v1/apps${path}`, body, { authorization: `Bearer ${KEY}` });
  /** The apps' auth_origin: the server's public URL (`${PUBLIC_URL}` in the apps file). */
  const origin = () => `http://localhost:${new URL(t.baseUrl).port}`;
  /** The link sent to `to`, as the browser would open it. */
  const linkTo = (to: string) => new URL(mail.linkFor(to));

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: WITH_LOGIN, login_url: '/passage?tab=sign-in', auth_fallback_method: 'magic_link' },
        { id: WITHOUT, auth_fallback_method: 'magic_link' },
      ],
      env: { ADMIN_API_KEY: KEY },
    });
    mail = captureMessages(t);
  });
  afterAll(() => t.stop());
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').execute();
  });

  it('is part of the app info, and "" when the app has none', async () => {
    const info = async (id: string) =>
      ((await (await t.call('GET', base(id))).json()) as { app: { login_url: string } }).app.login_url;
    expect(await info(WITH_LOGIN)).toBe('/passage?tab=sign-in');
    expect(await info(WITHOUT)).toBe('');
  });

  it('an email change without magic_link_path links to login_url, and opening that link applies it', async () => {
    const { auth } = await signedInUser(t, WITH_LOGIN, 'before@example.com');
    // What passage-js 3.14.6 and passage-elements 1.16.0 send: no magic_link_path.
    const res = await t.call(
      'PATCH',
      `${base(WITH_LOGIN)}/currentuser/email`,
      { new_email: 'after@example.com', language: 'en' },
      as(auth.auth_token),
    );
    expect(res.status).toBe(200);
    const link = linkTo('after@example.com');
    expect(`${link.origin}${link.pathname}`).toBe(`${origin()}/passage`);
    expect(link.searchParams.get('tab')).toBe('sign-in');
    const token = link.searchParams.get('psg_verify_link') ?? '';
    expect(token).not.toBe('');

    const activated = await t.call('PATCH', `${base(WITH_LOGIN)}/magic-link/activate`, { magic_link: token });
    expect(activated.status).toBe(200);
    const me = await t.call('GET', `${base(WITH_LOGIN)}/currentuser`, undefined, as(auth.auth_token));
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('after@example.com');
  });

  it('a phone change without magic_link_path links to login_url too', async () => {
    const { auth } = await signedInUser(t, WITH_LOGIN, 'phone-change@example.com');
    const res = await t.call(
      'PATCH',
      `${base(WITH_LOGIN)}/currentuser/phone`,
      { new_phone: '+12015550123' },
      as(auth.auth_token),
    );
    expect(res.status).toBe(200);
    expect(linkTo('+12015550123').pathname).toBe('/passage');
  });

  it("the client's magic_link_path wins over login_url", async () => {
    const { auth } = await signedInUser(t, WITH_LOGIN, 'path@example.com');
    await t.call(
      'PATCH',
      `${base(WITH_LOGIN)}/currentuser/email`,
      { new_email: 'path-new@example.com', magic_link_path: '/profile' },
      as(auth.auth_token),
    );
    expect(linkTo('path-new@example.com').pathname).toBe('/profile');
    await t.call('POST', `${base(WITH_LOGIN)}/register/magic-link`, {
      identifier: 'page@example.com',
      magic_link_path: '/signup#top',
    });
    const link = linkTo('page@example.com');
    expect([link.pathname, link.hash]).toEqual(['/signup', '#top']);
  });

  it('sign-in links without magic_link_path land on login_url, or on "/" without one', async () => {
    await t.call('POST', `${base(WITH_LOGIN)}/register/magic-link`, { identifier: 'land@example.com' });
    expect(linkTo('land@example.com').pathname).toBe('/passage');
    expect(linkTo('land@example.com').searchParams.has('psg_magic_link')).toBe(true);
    await t.call('POST', `${base(WITHOUT)}/register/magic-link`, { identifier: 'root@example.com' });
    expect(linkTo('root@example.com').pathname).toBe('/');
  });

  it('an absolute login_url on the auth_origin is kept whole', async () => {
    const id = 'loginUrlAbs000000000001';
    const created = await admin('POST', '', {
      id,
      name: 'Absolute',
      auth_origin: origin(),
      login_url: `${origin()}/account/sign-in`,
    });
    expect(created.status).toBe(201);
    await t.call('POST', `${base(id)}/register/magic-link`, { identifier: 'abs@example.com' });
    const link = linkTo('abs@example.com');
    expect(`${link.origin}${link.pathname}`).toBe(`${origin()}/account/sign-in`);
  });

  it('the admin API refuses a login_url off the auth_origin, naming the field', async () => {
    const app = { name: 'L', auth_origin: 'https://app.example.com' };
    const cases: [string, string, RegExp][] = [
      ['loginUrlBad000000000001', 'javascript:alert(1)', /http\(s\)/],
      ['loginUrlBad000000000002', 'https://evil.example/login', /auth_origin/],
      ['loginUrlBad000000000003', '/.//evil.example', /path on the app origin/],
      ['loginUrlBad000000000004', 'login', /path starting with/],
    ];
    for (const [id, login_url, message] of cases) {
      const res = await admin('POST', '', { ...app, id, login_url });
      expect(res.status, login_url).toBe(400);
      const answer = (await res.json()) as { code: string; error: string };
      expect(answer).toMatchObject({ code: 'invalid_request' });
      expect(answer.error).toMatch(/^body\.login_url /);
      expect(answer.error).toMatch(message);
    }
    // An allowed redirect origin is no place for a link: no page there may call the API (CORS).
    const elsewhere = await admin('POST', '', {
      ...app,
      id: 'loginUrlBad000000000005',
      allowed_redirect_origins: ['https://shop.example.com'],
      login_url: 'https://shop.example.com/login',
    });
    expect(elsewhere.status).toBe(400);
    const id = 'loginUrlOk0000000000001';
    expect((await admin('POST', '', { ...app, id })).status).toBe(201);
    const patched = await admin('PATCH', `/${id}`, { login_url: '/passage' });
    expect(((await patched.json()) as { app: { login_url: string } }).app.login_url).toBe('/passage');
  });
});

describe('login_url in the apps file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-passage-login-url-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const read = async (app: Record<string, unknown>) => {
    const file = join(dir, 'apps.json');
    await writeFile(
      file,
      JSON.stringify({
        apps: [{ id: 'loginFileApp00001', name: 'L', auth_origin: 'https://app.example.com', ...app }],
      }),
    );
    return readAppsFile(file, {});
  };

  it('defaults to "" and refuses an off-origin value at start, naming the app and the field', async () => {
    expect((await read({}))[0]?.login_url).toBe('');
    expect((await read({ login_url: '/passage' }))[0]?.login_url).toBe('/passage');
    await expect(read({ login_url: 'https://evil.example/' })).rejects.toThrow(
      /app "L" \(#1\): login_url "https:\/\/evil.example\/"/,
    );
  });

  it('names a mistyped field as not allowed', async () => {
    await expect(read({ loginurl: '/passage' })).rejects.toThrow(
      /app "L" \(#1\): unknown field "loginurl": the fields are id, name, .*login_url/,
    );
    await expect(read({ api_keys: [{ name: 'k', sha256: 'd'.repeat(64), note: '' }] })).rejects.toThrow(
      /app "L" \(#1\): api_keys\[0\] has unknown field "note": the fields are name, sha256/,
    );
  });
});
