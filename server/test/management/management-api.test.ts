import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-management-tests-012';
const OTHER_APP = 'otherApp0000000000000002';
const FILE_KEY = 'opk_declared-in-the-apps-file-for-this-test-only';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('management API keys and routes', () => {
  let t: RunningTestServer;
  let key: string;
  const admin = (method: string, path: string, body?: unknown) =>
    t.call(method, `/admin/v1/apps${path ? `/${path}` : ''}`, body, { authorization: `Bearer ${ADMIN_KEY}` });
  const manage = (method: string, path: string, body?: unknown, apiKey = key) =>
    t.call(method, `/v1/apps/${TEST_APP_ID}${path}`, body, { authorization: `Bearer ${apiKey}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [
        {
          id: TEST_APP_ID,
          login_url: '/sign-in?from=api',
          api_keys: [{ name: 'from the file', sha256: createHash('sha256').update(FILE_KEY).digest('hex') }],
        },
        { id: OTHER_APP },
      ],
    });
    key = ((await (await admin('POST', `${TEST_APP_ID}/api-keys`, { name: 'tests' })).json()) as Json).key;
  });
  afterAll(() => t.stop());

  it('shows a key once: the list names keys, never the key or its hash', async () => {
    expect(key).toMatch(/^opk_[A-Za-z0-9_-]{43}$/);
    const list = (await (await admin('GET', `${TEST_APP_ID}/api-keys`)).json()) as Json;
    expect(list.api_keys.map((k: Json) => [k.name, k.source])).toEqual([
      ['from the file', 'file'],
      ['tests', 'admin'],
    ]);
    const text = JSON.stringify(list);
    expect(text).not.toContain(key);
    expect(text).not.toContain(createHash('sha256').update(key).digest('hex'));
    expect(Object.keys(list.api_keys[0]).sort()).toEqual([
      'created_at',
      'id',
      'last_used_at',
      'name',
      'source',
    ]);
  });

  it('accepts a key declared in the apps file', async () => {
    expect((await manage('GET', '/users', undefined, FILE_KEY)).status).toBe(200);
    const list = (await (await admin('GET', `${TEST_APP_ID}/api-keys`)).json()) as Json;
    const fileKey = list.api_keys.find((k: Json) => k.source === 'file');
    expect(fileKey.last_used_at).not.toBe('');
    const unknown = await admin('DELETE', `${TEST_APP_ID}/api-keys/noSuchKey0000000000000001`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json).code).toBe('api_key_not_found');
  });

  it('answers 401 {code, error} without a key, with a wrong one or with another app’s', async () => {
    const otherKey = (
      (await (await admin('POST', `${OTHER_APP}/api-keys`, { name: 'other' })).json()) as Json
    ).key;
    for (const response of [
      await t.call('GET', `/v1/apps/${TEST_APP_ID}/users/someone`),
      await manage('GET', '/users/someone', undefined, 'opk_wrong'),
      await manage('GET', '/users/someone', undefined, otherKey),
      await manage('POST', '/magic-links', { email: 'a@example.com' }, otherKey),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: 'invalid_access_token',
        error: expect.stringMatching(/API key/),
      });
    }
  });

  it('leaves the auth API as it was on the paths it shares: no key, no management', async () => {
    const lookup = await t.call('GET', `/v1/apps/${TEST_APP_ID}/users?identifier=nobody@example.com`);
    expect(await lookup.json()).toEqual({ user: null });
    const signUp = await t.call('POST', `/v1/apps/${TEST_APP_ID}/users`, {
      identifier: 'pending@example.com',
    });
    expect(signUp.status).toBe(201);
    const { user } = (await signUp.json()) as Json;
    expect(user.status).toBe('pending');
    expect(user).not.toHaveProperty('recent_events');
    // With a key the same path lists users instead.
    const listed = (await (await manage('GET', '/users?identifier=pending@example.com')).json()) as Json;
    expect(listed).toMatchObject({ total_users: 1, page: 1, users: [{ id: user.id, external_id: '' }] });
  });

  it('creates, and refuses bad input with readable 400s (taken identifiers: management-users.test.ts)', async () => {
    const created = await manage('POST', '/users', { email: 'both@example.com', phone: '+14155550101' });
    expect(created.status).toBe(201);
    expect(((await created.json()) as Json).user).toMatchObject({
      email: 'both@example.com',
      phone: '+14155550101',
      status: 'active',
      recent_events: [expect.objectContaining({ type: 'user_created' })],
    });
    for (const [body, message] of [
      [{}, /email or phone is required/],
      [{ email: 'not-an-email' }, /email: identifier is not valid/],
      [{ email: 'meta@example.com', user_metadata: { nope: 1 } }, /user_metadata.nope is not a field/],
    ] as const) {
      const response = await manage('POST', '/users', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).error).toMatch(message);
    }
    expect(
      ((await (await manage('GET', '/users?identifier=meta@example.com')).json()) as Json).total_users,
    ).toBe(0);
  });

  it('changes nothing when one of the identifiers a PATCH gives is taken', async () => {
    await manage('POST', '/users', { email: 'has-the-phone@example.com', phone: '+14155550177' });
    const made = await manage('POST', '/users', { email: 'patch-me@example.com' });
    const { id } = ((await made.json()) as Json).user;
    const refused = await manage('PATCH', `/users/${id}`, {
      email: 'patch-me-new@example.com',
      phone: '+14155550177',
      user_metadata: {},
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).error).toMatch(/already has this phone/);
    const after = ((await (await manage('GET', `/users/${id}`)).json()) as Json).user;
    expect(after).toMatchObject({ email: 'patch-me@example.com', phone: '' });
  });

  it('pages the user list with Passage links', async () => {
    // Its own users: the test passes alone and in any order.
    await manage('POST', '/users', { email: 'page-one@example.com' });
    await manage('POST', '/users', { email: 'page-two@example.com' });
    const page = (await (await manage('GET', '/users?limit=1&page=2')).json()) as Json;
    expect(page.users).toHaveLength(1);
    expect(page.total_users).toBeGreaterThanOrEqual(2);
    expect(page._links.previous.href).toBe(`/v1/apps/${TEST_APP_ID}/users?page=1&limit=1`);
    expect(page._links.self.href).toBe(`/v1/apps/${TEST_APP_ID}/users?page=2&limit=1`);
  });

  it('refuses a query parameter the list does not take, naming the ones it takes', async () => {
    await manage('POST', '/users', { email: 'filtered@example.com' });
    for (const query of ['email=filtered@example.com', 'bogus=1']) {
      const refused = await manage('GET', `/users?${query}`);
      expect(refused.status).toBe(400);
      const name = query.split('=')[0]!;
      expect(((await refused.json()) as Json).error).toBe(
        `querystring.${name} is not a parameter of this route: it takes page, limit, id, identifier, status` +
          (name === 'email' ? ' (identifier finds a user by email address or phone number).' : '.'),
      );
    }
    const found = (await (await manage('GET', '/users?identifier=filtered@example.com')).json()) as Json;
    expect(found.users.map((user: Json) => user.email)).toEqual(['filtered@example.com']);
    expect((await manage('GET', '/events?user=someone')).status).toBe(400);
    expect((await admin('GET', `${TEST_APP_ID}/users?email=filtered@example.com`)).status).toBe(400);
  });

  it('takes an empty body sent as JSON as no body where a route takes none (axios sends the type always)', async () => {
    const json = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const bare = (method: string, path: string) =>
      t.call(method, `/v1/apps/${TEST_APP_ID}${path}`, undefined, json);
    const { id } = ((await (await manage('POST', '/users', { email: 'bare@example.com' })).json()) as Json)
      .user;
    expect((await bare('PATCH', `/users/${id}/deactivate`)).status).toBe(200);
    expect((await bare('GET', `/users/${id}`)).status).toBe(200);
    expect((await bare('DELETE', `/users/${id}`)).status).toBe(200);
    const made = await manage('POST', '/webhooks', {
      url: 'https://hooks.example.invalid/bare',
      event_types: ['users_imported'],
    });
    const webhookId = ((await made.json()) as Json).webhook.id as string;
    expect((await bare('POST', `/webhooks/${webhookId}/rotate-secret`)).status).toBe(200);
    expect((await bare('DELETE', `/webhooks/${webhookId}`)).status).toBe(204);
    // A route that needs a body still says so.
    const needsOne = await bare('POST', '/users');
    expect(needsOne.status).toBe(400);
    expect(await needsOne.json()).toEqual({
      code: 'invalid_request',
      error: 'The body is empty, but this endpoint needs a JSON body.',
    });
  });

  it('bounds magic links like the auth API: ttl at most 10 minutes, paths on the app origin only', async () => {
    const body = { email: 'bounds@example.com' };
    expect((await manage('POST', '/magic-links', { ...body, ttl: 11 })).status).toBe(400);
    expect(
      (await manage('POST', '/magic-links', { ...body, magic_link_path: '//evil.example' })).status,
    ).toBe(400);
    expect(
      (await manage('POST', '/magic-links', { ...body, redirect_url: 'https://evil.example/' })).status,
    ).toBe(400);
    expect((await manage('POST', '/magic-links', { ...body, phone: '+14155550101' })).status).toBe(400);
    const made = await manage('POST', '/magic-links', { ...body, ttl: 1 });
    expect(made.status).toBe(201);
    const { magic_link: link } = (await made.json()) as Json;
    const row = await t.server.db
      .selectFrom('magic_links')
      .select(['created_at', 'expires_at'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(60_000 + 5);
  });

  it("follows an app's api_keys setting through the admin API, and forgets the keys of a deleted app", async () => {
    const appId = 'keyedApp0000000000000003';
    const hash = createHash('sha256').update(FILE_KEY.replace('file', 'admn')).digest('hex');
    const app = { id: appId, name: 'Keyed', auth_origin: 'http://localhost:1' };
    expect((await admin('POST', '', app)).status).toBe(201);
    const made = ((await (await admin('POST', `${appId}/api-keys`, { name: 'made' })).json()) as Json).key;
    expect((await admin('PATCH', appId, { api_keys: [{ name: 'declared', sha256: hash }] })).status).toBe(
      200,
    );
    expect(((await (await admin('GET', `${appId}/api-keys`)).json()) as Json).api_keys).toHaveLength(2);
    const call = (apiKey: string) =>
      t.call('GET', `/v1/apps/${appId}/users`, undefined, { authorization: `Bearer ${apiKey}` });
    expect((await call(FILE_KEY.replace('file', 'admn'))).status).toBe(200);

    expect((await admin('DELETE', appId)).status).toBe(204);
    expect((await admin('POST', '', app)).status).toBe(201);
    expect((await call(made)).status).toBe(401);
    expect((await call(FILE_KEY.replace('file', 'admn'))).status).toBe(401);
  });

  it("lands a link on the app's login_url when no magic_link_path is given", async () => {
    const made = await manage('POST', '/magic-links', {
      email: 'login-url@example.com',
      type: 'verify_identifier',
    });
    const url = new URL(((await made.json()) as Json).magic_link.url);
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('from')).toBe('api');
    expect(url.searchParams.get('psg_verify_link')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stops a revoked key at once', async () => {
    const made = (await (
      await admin('POST', `${TEST_APP_ID}/api-keys`, { name: 'short-lived' })
    ).json()) as Json;
    expect((await manage('GET', '/users', undefined, made.key)).status).toBe(200);
    expect((await admin('DELETE', `${TEST_APP_ID}/api-keys/${made.api_key.id}`)).status).toBe(204);
    expect((await manage('GET', '/users', undefined, made.key)).status).toBe(401);
  });
});
