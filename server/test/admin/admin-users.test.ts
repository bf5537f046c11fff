import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCurrentUser, signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { PasskeyTestClient } from '../webauthn/passkey-test-client.js';

const KEY = 'admin-key-for-user-tests-0123456789';
const OTHER_APP = 'otherApp000000000000004';
/** The listing test's own app: other tests add users to TEST_APP_ID in any order. */
const LIST_APP = 'listApp00000000000000005';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface UserPage {
  users: Json[];
  page: number;
  limit: number;
  total_users: number;
  next_page: number | null;
}

describe('admin API /admin/v1/apps/{appId}/users', () => {
  let t: RunningTestServer;
  const admin = async (method: string, path: string, body?: unknown, key = KEY, appId = TEST_APP_ID) => {
    const res = await t.call(method, `/admin/v1/apps/${appId}/users${path}`, body, {
      authorization: `Bearer ${key}`,
    });
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Json };
  };
  const list = async (query: string, appId = LIST_APP) =>
    (await admin('GET', `?${query}`, undefined, KEY, appId)).body as UserPage;
  const refresh = (token: string) =>
    t.call('POST', `/v1/apps/${TEST_APP_ID}/tokens/`, { refresh_token: token });
  const me = (token: string) =>
    t.call('GET', `/v1/apps/${TEST_APP_ID}/currentuser`, undefined, { authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: KEY },
      apps: [
        { id: TEST_APP_ID, allowed_identifier: 'both' },
        { id: OTHER_APP },
        { id: LIST_APP, allowed_identifier: 'both' },
      ],
    });
  });
  afterAll(() => t.stop());

  it('refuses every users route without the right key', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/someUser0000000000000001'],
      ['PATCH', '/someUser0000000000000001'],
      ['DELETE', '/someUser0000000000000001'],
    ] as const) {
      const res = await admin(method, path, method === 'PATCH' ? { status: 'inactive' } : undefined, 'wrong');
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('invalid_access_token');
    }
  });

  it('lists users page by page, oldest first, and finds them by id, identifier or status', async () => {
    const ids: string[] = [];
    for (const name of ['ann', 'bob', 'cat', 'dan', 'eve']) {
      ids.push((await signedInUser(t, LIST_APP, `${name}@example.com`)).userId);
      // Users created in the same millisecond are listed by id: a new millisecond keeps this order known.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const pending = await t.call('POST', `/v1/apps/${LIST_APP}/users`, { identifier: '+1 415 555 0199' });
    const pendingId = ((await pending.json()) as { user: { id: string } }).user.id;
    await signedInUser(t, OTHER_APP, 'ann@example.com'); // same address, other app: never listed here

    const first = await list('limit=4');
    expect(first).toMatchObject({ page: 1, limit: 4, total_users: 6, next_page: 2 });
    expect(first.users.map((u) => u.id)).toEqual(ids.slice(0, 4));
    const second = await list('limit=4&page=2');
    expect(second).toMatchObject({ page: 2, total_users: 6, next_page: null });
    expect(second.users.map((u) => u.id)).toEqual([ids[4], pendingId]);
    expect((await list('page=3&limit=4')).users).toEqual([]);
    expect((await list('')).limit).toBe(20);

    // Every CurrentUser key, as GET /currentuser shows it.
    expect(first.users[0]).toEqual(freshCurrentUser(ids[0] ?? '', 'ann@example.com'));

    const byEmail = await list(`identifier=${encodeURIComponent(' Cat@Example.COM ')}`);
    expect(byEmail.users.map((u) => u.id)).toEqual([ids[2]]);
    const byPhone = await list(`identifier=${encodeURIComponent('+1 (415) 555-0199')}`);
    expect(byPhone.users.map((u) => u.id)).toEqual([pendingId]);
    expect((await list(`id=${ids[3]}`)).users.map((u) => u.id)).toEqual([ids[3]]);
    expect(await list('status=pending')).toMatchObject({ total_users: 1, users: [{ id: pendingId }] });
    expect((await list('identifier=nobody%40example.com')).total_users).toBe(0);
  });

  it('answers readable 400s for bad queries and 404 for an unknown app', async () => {
    const cases: [string, string][] = [
      ['identifier=not-an-identifier', 'identifier is not valid'],
      ['limit=0', 'querystring.limit'],
      ['limit=101', 'querystring.limit'],
      ['page=0', 'querystring.page'],
      ['status=deleted', 'querystring.status'],
    ];
    for (const [query, message] of cases) {
      const res = await admin('GET', `?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_request', error: expect.stringContaining(message) });
    }
    const unknownApp = await t.call('GET', '/admin/v1/apps/unknownApp0000000000000/users', undefined, {
      authorization: `Bearer ${KEY}`,
    });
    expect(unknownApp.status).toBe(404);
    expect(((await unknownApp.json()) as Json).code).toBe('app_not_found');
  });

  it('reads one user with their passkeys; a user of another app is not found', async () => {
    const passkeys = new PasskeyTestClient(t, TEST_APP_ID);
    const { userId, status } = await passkeys.register('keys@example.com');
    expect(status).toBe(201);
    const res = await admin('GET', `/${userId}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: userId, status: 'active', webauthn: true });
    expect(res.body.user.webauthn_devices).toHaveLength(1);
    expect(res.body.user.webauthn_devices[0]).toMatchObject({
      user_id: userId,
      friendly_name: 'Chrome on Linux',
    });

    const other = await signedInUser(t, OTHER_APP, 'elsewhere@example.com');
    expect(await admin('GET', `/${other.userId}`)).toEqual({
      status: 404,
      body: { code: 'user_not_found', error: expect.any(String) },
    });
  });

  it('deactivates a user: sessions end for good, sign-ins are refused; reactivating lets them sign in again', async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'pause@example.com');
    const res = await admin('PATCH', `/${userId}`, { status: 'inactive' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: userId, status: 'inactive' });

    expect((await me(auth.auth_token)).status).toBe(403);
    expect((await refresh(auth.refresh_token)).status).not.toBe(201);
    const login = await t.call('POST', `/v1/apps/${TEST_APP_ID}/login/otp`, {
      identifier: 'pause@example.com',
    });
    expect(login.status).toBe(403);

    expect((await admin('PATCH', `/${userId}`, { status: 'active' })).body.user.status).toBe('active');
    // The auth and refresh tokens issued before the deactivation stay refused.
    expect((await me(auth.auth_token)).status).toBe(401);
    const revoked = await refresh(auth.refresh_token);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as Json).code).toBe('invalid_refresh_token');
    const again = await t.call('POST', `/v1/apps/${TEST_APP_ID}/login/otp`, {
      identifier: 'pause@example.com',
    });
    expect(again.status).toBe(201);
    const events = await t.server.identity.events.recentForUser(TEST_APP_ID, userId, 10);
    expect(events.map((event) => [event.type, event.actor])).toEqual([
      ['user_activated', 'admin'],
      ['user_deactivated', 'admin'],
      ['login', 'user'],
    ]);
  });

  it('refuses a status other than active or inactive, and unknown users', async () => {
    const { userId } = await signedInUser(t, TEST_APP_ID, 'status@example.com');
    for (const body of [{ status: 'pending' }, { status: 'deleted' }, { email: 'x@example.com' }, {}]) {
      const res = await admin('PATCH', `/${userId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
    expect((await admin('PATCH', '/unknownUser000000000001', { status: 'inactive' })).status).toBe(404);
  });

  it('deletes a user with their passkeys and sessions; the identifier is free again', async () => {
    const passkeys = new PasskeyTestClient(t, TEST_APP_ID);
    const registered = await passkeys.register('gone@example.com');
    const auth = registered.body.auth_result as { auth_token: string; refresh_token: string };
    const userId = registered.userId;
    const passkeyRows = () =>
      t.server.db.selectFrom('webauthn_credentials').select('id').where('user_id', '=', userId).execute();
    const refreshRows = () =>
      t.server.db
        .selectFrom('refresh_tokens')
        .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
        .select('token_hash')
        .where('refresh_families.user_id', '=', userId)
        .execute();
    const familyRows = () =>
      t.server.db.selectFrom('refresh_families').select('id').where('user_id', '=', userId).execute();
    expect(await passkeyRows()).toHaveLength(1);
    expect(await refreshRows()).toHaveLength(1);
    const familyIds = (await familyRows()).map((row) => row.id);

    expect(await admin('DELETE', `/${userId}`)).toEqual({ status: 204, body: null });
    expect(await passkeyRows()).toHaveLength(0);
    expect(await familyRows()).toHaveLength(0);
    expect(
      await t.server.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('family_id', 'in', familyIds)
        .execute(),
    ).toHaveLength(0);
    expect((await admin('GET', `/${userId}`)).status).toBe(404);
    expect((await me(auth.auth_token)).status).toBe(401);
    expect((await refresh(auth.refresh_token)).status).toBe(401);
    expect((await passkeys.login()).status).toBe(401);
    const lookup = await t.call('GET', `/v1/apps/${TEST_APP_ID}/users?identifier=gone%40example.com`);
    expect(await lookup.json()).toEqual({ user: null });
    expect((await admin('DELETE', `/${userId}`)).status).toBe(404);
  });
});
