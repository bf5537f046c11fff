import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { captureMessages } from '../support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { PasskeyTestClient } from '../webauthn/passkey-test-client.js';

const ADMIN_KEY = 'admin-key-for-management-users-0';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('management API users', () => {
  let t: RunningTestServer;
  let key: string;
  const manage = (method: string, path: string, body?: unknown) =>
    t.call(method, `/v1/apps/${TEST_APP_ID}${path}`, body, { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [{ id: TEST_APP_ID, allowed_identifier: 'both' }],
    });
    key = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it.each([1, 2, 3, 4, 5])(
    'round %i: creations with one email race; one creates the user with what it sent, the others get 409',
    async (round) => {
      const email = `race-${round}@example.com`;
      const phones = Array.from({ length: 8 }, (_, i) => `+141555501${round}${i}`);
      const answers = await Promise.all(
        phones.map(async (phone) => {
          const response = await manage('POST', '/users', { email, phone });
          return { phone, status: response.status, body: (await response.json()) as Json };
        }),
      );
      const created = answers.filter((answer) => answer.status === 201);
      expect(created).toHaveLength(1);
      const winner = created[0]!;
      expect(winner.body.user).toMatchObject({ email, phone: winner.phone, status: 'active' });
      const losers = answers.filter((answer) => answer !== winner);
      for (const loser of losers) {
        expect(loser.status).toBe(409);
        expect(loser.body).toEqual({
          code: 'user_already_exists',
          error: 'Another user of this app already has this email.',
        });
      }
      const listed = (await (await manage('GET', `/users?identifier=${email}`)).json()) as Json;
      expect(listed.users).toEqual([
        expect.objectContaining({ id: winner.body.user.id, phone: winner.phone }),
      ]);
      for (const loser of losers) {
        const query = `/users?identifier=${encodeURIComponent(loser.phone)}`;
        expect(((await (await manage('GET', query)).json()) as Json).total_users).toBe(0);
      }
    },
  );

  it('answers 409 for a taken email or phone, on creation and on change', async () => {
    const first = (await (
      await manage('POST', '/users', { email: 'taken@example.com', phone: '+14155550199' })
    ).json()) as Json;
    const other = (await (await manage('POST', '/users', { email: 'other@example.com' })).json()) as Json;
    for (const [method, path, body, type] of [
      ['POST', '/users', { email: 'taken@example.com' }, 'email'],
      ['POST', '/users', { email: 'fresh@example.com', phone: '+14155550199' }, 'phone'],
      ['PATCH', `/users/${other.user.id}`, { email: 'taken@example.com' }, 'email'],
      ['PATCH', `/users/${other.user.id}`, { phone: '+14155550199' }, 'phone'],
    ] as const) {
      const response = await manage(method, path, body);
      expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(await response.json()).toEqual({
        code: 'user_already_exists',
        error: `Another user of this app already has this ${type}.`,
      });
    }
    expect(first.user.id).not.toBe(other.user.id);
    const fresh = (await (await manage('GET', '/users?identifier=fresh@example.com')).json()) as Json;
    expect(fresh.total_users).toBe(0);
  });
});

describe('management and admin bodies', () => {
  let t: RunningTestServer;
  let key: string;
  const admin = { authorization: `Bearer ${ADMIN_KEY}` };
  const manage = (method: string, path: string, body?: unknown) =>
    t.call(method, `/v1/apps/${TEST_APP_ID}${path}`, body, { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: ADMIN_KEY } });
    key = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it('refuses unknown fields with a 400 that names them, as the API reference promises', async () => {
    const user = ((await (await manage('POST', '/users', { email: 'known@example.com' })).json()) as Json)
      .user;
    const adminApp = 'bodiesApp0000000000000001';
    const created = await t.call(
      'POST',
      '/admin/v1/apps',
      { id: adminApp, name: 'B', auth_origin: 'http://localhost:1' },
      admin,
    );
    expect(created.status).toBe(201);
    for (const [method, path, body, field] of [
      ['POST', `/v1/apps/${TEST_APP_ID}/users`, { email: 'typo@example.com', emial: 'x' }, 'body.emial'],
      ['PATCH', `/v1/apps/${TEST_APP_ID}/users/${user.id}`, { user_metdata: {} }, 'body.user_metdata'],
      ['PATCH', `/v1/apps/${TEST_APP_ID}/users/${user.id}/deactivate`, { now: true }, 'body.now'],
      [
        'POST',
        `/v1/apps/${TEST_APP_ID}/magic-links`,
        { email: 'l@example.com', chanel: 'email' },
        'body.chanel',
      ],
      [
        'POST',
        '/admin/v1/apps',
        { id: 'bodiesApp0000000000000002', name: 'B', auth_origin: 'http://localhost:1', nope: 1 },
        'body.nope',
      ],
      ['PATCH', `/admin/v1/apps/${adminApp}`, { public_sigup: false }, 'body.public_sigup'],
      [
        'PATCH',
        `/admin/v1/apps/${adminApp}`,
        { api_keys: [{ name: 'k', sha256: 'c'.repeat(64), note: 'x' }] },
        'body.api_keys.0.note',
      ],
      [
        'PATCH',
        `/admin/v1/apps/${TEST_APP_ID}/users/${user.id}`,
        { status: 'inactive', reason: 'x' },
        'body.reason',
      ],
      ['POST', `/admin/v1/apps/${TEST_APP_ID}/api-keys`, { name: 'k', expires: 1 }, 'body.expires'],
    ] as const) {
      const headers = path.startsWith('/admin/') ? admin : { authorization: `Bearer ${key}` };
      const response = await t.call(method, path, body, headers);
      expect(response.status, `${method} ${path}`).toBe(400);
      // A new app's settings are checked whole, in the apps file's words (apps/settings-errors.ts).
      const error =
        method === 'POST' && path === '/admin/v1/apps'
          ? expect.stringMatching(/unknown field "nope": the fields are /)
          : `${field} is not allowed`;
      expect(await response.json()).toEqual({ code: 'invalid_request', error });
    }
    const listed = (await (await manage('GET', '/users?identifier=typo@example.com')).json()) as Json;
    expect(listed.total_users).toBe(0);
    expect(((await (await manage('GET', `/users/${user.id}`)).json()) as Json).user.status).toBe('active');
  });
});

describe('management magic links and the identifiers an app signs in with', () => {
  const PHONE_APP = 'phoneOnlyApp00000000001';
  let t: RunningTestServer;
  const keys: Record<string, string> = {};
  const links = (appId: string, body: unknown) =>
    t.call('POST', `/v1/apps/${appId}/magic-links`, body, { authorization: `Bearer ${keys[appId]}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [
        { id: TEST_APP_ID, allowed_identifier: 'email' },
        { id: PHONE_APP, allowed_identifier: 'phone' },
      ],
    });
    for (const appId of [TEST_APP_ID, PHONE_APP]) keys[appId] = await newApiKey(t, ADMIN_KEY, appId);
  });
  afterAll(() => t.stop());

  it('refuses a link over a channel the app does not sign in with, naming its allowed_identifier', async () => {
    const both = { email: 'both-ids@example.com', phone: '+14155550142' };
    const users: Record<string, string> = {};
    for (const appId of [TEST_APP_ID, PHONE_APP]) {
      const made = await t.call('POST', `/v1/apps/${appId}/users`, both, {
        authorization: `Bearer ${keys[appId]}`,
      });
      users[appId] = ((await made.json()) as Json).user.id;
    }
    for (const [appId, body, allowed] of [
      [TEST_APP_ID, { phone: '+14155550143' }, 'email'],
      [TEST_APP_ID, { user_id: users[TEST_APP_ID], channel: 'phone' }, 'email'],
      [TEST_APP_ID, { phone: '+14155550143', type: 'verify_identifier' }, 'email'],
      [PHONE_APP, { email: 'mail@example.com' }, 'phone'],
      [PHONE_APP, { user_id: users[PHONE_APP], channel: 'email', send: true }, 'phone'],
    ] as const) {
      const response = await links(appId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as Json).error).toContain(`allowed_identifier: "${allowed}"`);
    }
    const sent = await t.server.db.selectFrom('magic_links').select('id').execute();
    expect(sent).toEqual([]);
    const pending = await t.server.db
      .selectFrom('users')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    expect((await links(TEST_APP_ID, { user_id: users[TEST_APP_ID], channel: 'email' })).status).toBe(201);
    expect((await links(PHONE_APP, { phone: '+14155550144' })).status).toBe(201);
  });

  it('leaves no user behind when a send is refused (limit, user and link in one transaction)', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 5; i++) expect((await links(TEST_APP_ID, { email, send: true })).status).toBe(201);
    const { users } = (await (
      await t.call('GET', `/v1/apps/${TEST_APP_ID}/users?identifier=${email}`, undefined, {
        authorization: `Bearer ${keys[TEST_APP_ID]}`,
      })
    ).json()) as Json;
    const remove = await t.call('DELETE', `/v1/apps/${TEST_APP_ID}/users/${users[0].id}`, undefined, {
      authorization: `Bearer ${keys[TEST_APP_ID]}`,
    });
    expect(remove.status).toBe(200);
    expect((await links(TEST_APP_ID, { email, send: true })).status).toBe(429);
    const left = await t.server.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(left).toEqual([]);
  });
});

describe('management API passkeys', () => {
  let t: RunningTestServer;
  let key: string;

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: ADMIN_KEY } });
    key = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it('tells the user when a passkey of theirs is deleted, as when they delete it themselves', async () => {
    const sent = captureMessages(t);
    const { userId, status } = await new PasskeyTestClient(t, TEST_APP_ID).register('keyholder@example.com');
    expect(status).toBe(201);
    const manage = (method: string, path: string) =>
      t.call(method, `/v1/apps/${TEST_APP_ID}/users/${userId}${path}`, undefined, {
        authorization: `Bearer ${key}`,
      });
    const { devices } = (await (await manage('GET', '/devices')).json()) as Json;
    expect((await manage('DELETE', `/devices/${devices[0].id}`)).status).toBe(200);
    expect(sent.lastTo('keyholder@example.com')).toMatchObject({
      kind: 'passkey-removed',
      params: { deviceName: devices[0].friendly_name },
    });
  });
});
