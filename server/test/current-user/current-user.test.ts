import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureMessages } from '../support/captured-messages.js';
import { freshCurrentUser, signedInUser } from '../support/signed-in-user.js';
import {
  type RunningTestServer,
  startTestServer,
  TEST_APP_ID,
  type TestApp,
} from '../support/test-server.js';

const BOTH_APP = 'bothApp0000000000000001';
const LOCKED_APP = 'lockedApp00000000000001';
const schema = [
  { id: 'f1', field_name: 'full_name', friendly_name: 'Full name', type: 'string' },
  { id: 'f2', field_name: 'age', friendly_name: 'Age', type: 'integer' },
  { id: 'f3', field_name: 'newsletter', friendly_name: 'Newsletter', type: 'boolean' },
  // Set at sign-up (or by the app), never by the user from the profile.
  { id: 'f4', field_name: 'plan', friendly_name: 'Plan', type: 'string', profile: false },
].map((field) => ({
  registration: true,
  profile: true,
  ...field,
})) as unknown as TestApp['user_metadata_schema'];

describe('current user', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const path = (suffix: string, appId = TEST_APP_ID) => `/v1/apps/${appId}/currentuser${suffix}`;
  const json = async <T>(res: Response) => (await res.json()) as T;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, user_metadata_schema: schema, require_identifier_verification: true },
        { id: BOTH_APP, allowed_identifier: 'both', required_identifier: 'either' },
        { id: LOCKED_APP, user_metadata_schema: schema, profile_management: false },
      ],
    });
    mail = captureMessages(t);
  });
  afterAll(() => t.stop());
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').execute();
  });

  it('GET /currentuser answers exactly 200 with every CurrentUser key', async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'me@example.com');
    const res = await t.call('GET', path(''), undefined, as(auth.auth_token));
    expect(res.status).toBe(200);
    const { user } = await json<{ user: Record<string, unknown> }>(res);
    expect(user).toEqual(freshCurrentUser(userId, 'me@example.com'));
    expect((await t.call('GET', `${path('')}/`, undefined, as(auth.auth_token))).status).toBe(200);
  });

  it('reads and patches declared metadata fields only', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'meta@example.com');
    const empty = await json<{ user_metadata: unknown }>(
      await t.call('GET', path('/user-metadata'), undefined, as(auth.auth_token)),
    );
    expect(empty).toEqual({ user_metadata: null });

    const patched = await t.call(
      'PATCH',
      path('/user-metadata'),
      { user_metadata: { full_name: 'Meta', age: 30 } },
      as(auth.auth_token),
    );
    expect(patched.status).toBe(200);
    expect((await json<{ user: { user_metadata: unknown } }>(patched)).user.user_metadata).toEqual({
      full_name: 'Meta',
      age: 30,
    });

    // A patch merges; null removes a field.
    await t.call(
      'PATCH',
      path('/user-metadata'),
      { user_metadata: { newsletter: true, age: null } },
      as(auth.auth_token),
    );
    const read = await json<{ user_metadata: unknown }>(
      await t.call('GET', path('/user-metadata'), undefined, as(auth.auth_token)),
    );
    expect(read).toEqual({ user_metadata: { full_name: 'Meta', newsletter: true } });

    for (const bad of [
      { role: 'admin' },
      { email_verified: true },
      { age: '30' },
      { full_name: 'x'.repeat(64) },
    ]) {
      const res = await t.call('PATCH', path('/user-metadata'), { user_metadata: bad }, as(auth.auth_token));
      expect(res.status).toBe(400);
      expect((await json<{ code: string }>(res)).code).toBe('invalid_request');
    }
    const unchanged = await json<{ user_metadata: unknown }>(
      await t.call('GET', path('/user-metadata'), undefined, as(auth.auth_token)),
    );
    expect(unchanged).toEqual(read);
    expect((await t.call('PATCH', path('/user-metadata'), {}, as(auth.auth_token))).status).toBe(400);
  });

  it('lets the user change only fields declared profile: true', async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'plan@example.com');
    await t.server.identity.users.updateMetadata(TEST_APP_ID, userId, { plan: 'free', full_name: 'Plan' });
    for (const user_metadata of [{ plan: 'pro' }, { full_name: 'Other', plan: null }]) {
      const res = await t.call('PATCH', path('/user-metadata'), { user_metadata }, as(auth.auth_token));
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({
        code: 'invalid_request',
        error: 'user_metadata.plan cannot be changed from the profile.',
      });
    }
    // Nothing of a refused patch was applied; the same request without the locked field goes through.
    const ok = await t.call(
      'PATCH',
      path('/user-metadata'),
      { user_metadata: { full_name: 'Other' } },
      as(auth.auth_token),
    );
    expect(ok.status).toBe(200);
    expect((await json<{ user: { user_metadata: unknown } }>(ok)).user.user_metadata).toEqual({
      plan: 'free',
      full_name: 'Other',
    });
  });

  it('refuses every profile change with 403 when profile_management is off', async () => {
    const { userId, auth } = await signedInUser(t, LOCKED_APP, 'locked@example.com');
    await t.server.identity.users.updateMetadata(LOCKED_APP, userId, { full_name: 'Locked' });
    const changes: [string, unknown][] = [
      ['/user-metadata', { user_metadata: { full_name: 'Changed' } }],
      ['/email', { new_email: 'unlocked@example.com' }],
    ];
    for (const [suffix, body] of changes) {
      const res = await t.call('PATCH', path(suffix, LOCKED_APP), body, as(auth.auth_token));
      expect(res.status).toBe(403);
      expect((await json<{ code: string }>(res)).code).toBe('operation_not_allowed');
    }
    // Reading stays allowed and shows the unchanged values.
    const read = await t.call('GET', path('/user-metadata', LOCKED_APP), undefined, as(auth.auth_token));
    expect(await json(read)).toEqual({ user_metadata: { full_name: 'Locked' } });
    expect(mail.messages.some((m) => m.to === 'unlocked@example.com')).toBe(false);
  });

  it('changes the email only after the verification link sent to the NEW address is opened', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'old@example.com');
    const res = await t.call(
      'PATCH',
      path('/email'),
      { new_email: ' New@Example.com ', language: 'en' },
      as(auth.auth_token),
    );
    expect(res.status).toBe(200);
    const { magic_link } = await json<{ magic_link: { id: string } }>(res);
    expect(magic_link.id).toMatch(/^[A-Za-z0-9]{24}$/);
    const message = mail.lastTo('new@example.com');
    expect(message).toMatchObject({ kind: 'verify-identifier', channel: 'email' });
    const token = new URL(message.params.link ?? '').searchParams.get('psg_verify_link') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const before = await json<{ user: { email: string } }>(
      await t.call('GET', path(''), undefined, as(auth.auth_token)),
    );
    expect(before.user.email).toBe('old@example.com');

    const activated = await t.call('PATCH', `/v1/apps/${TEST_APP_ID}/magic-link/activate`, {
      magic_link: token,
    });
    expect(activated.status).toBe(200);
    const after = await json<{ user: { email: string; email_verified: boolean } }>(
      await t.call('GET', path(''), undefined, as(auth.auth_token)),
    );
    expect(after.user).toMatchObject({ email: 'new@example.com', email_verified: true });
    // The link is spent.
    expect(
      (await t.call('PATCH', `/v1/apps/${TEST_APP_ID}/magic-link/activate`, { magic_link: token })).status,
    ).toBe(404);
  });

  it('asks for a fresh sign-in before changing the email or phone when the sign-in is older than 15 minutes', async () => {
    const { userId, auth } = await signedInUser(t, BOTH_APP, 'stale@example.com');
    // The sign-in happened 20 minutes ago; a refresh keeps that time in the new auth token.
    await t.server.db
      .updateTable('refresh_families')
      .set({ authenticated_at: new Date(Date.now() - 20 * 60 * 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const refreshed = await json<{ auth_result: { auth_token: string } }>(
      await t.call('POST', `/v1/apps/${BOTH_APP}/tokens/`, { refresh_token: auth.refresh_token }),
    );
    const stale = as(refreshed.auth_result.auth_token);
    for (const [route, body] of [
      ['/email', { new_email: 'fresh@example.com' }],
      ['/phone', { new_phone: '+14155550134' }],
    ] as const) {
      const res = await t.call('PATCH', path(route, BOTH_APP), body, stale);
      expect(res.status).toBe(401);
      expect((await json<{ code: string }>(res)).code).toBe('reauthentication_required');
    }
    expect((await t.call('GET', path('', BOTH_APP), undefined, stale)).status).toBe(200);
    const fresh = await signedInUser(t, BOTH_APP, 'fresh-sign-in@example.com');
    const ok = await t.call(
      'PATCH',
      path('/email', BOTH_APP),
      { new_email: 'f2@example.com' },
      as(fresh.auth.auth_token),
    );
    expect(ok.status).toBe(200);
  });

  it('refuses an email that is in use, invalid, or the current one', async () => {
    await signedInUser(t, TEST_APP_ID, 'taken@example.com');
    const { auth } = await signedInUser(t, TEST_APP_ID, 'wants@example.com');
    for (const new_email of ['taken@example.com', 'not-an-email', 'wants@example.com']) {
      const res = await t.call('PATCH', path('/email'), { new_email }, as(auth.auth_token));
      expect(res.status).toBe(400);
      expect((await json<{ code: string }>(res)).code).toBe('invalid_request');
    }
  });

  it('refuses to remove the only identifier', async () => {
    const { auth } = await signedInUser(t, BOTH_APP, 'only@example.com');
    const res = await t.call('PATCH', path('/email', BOTH_APP), { new_email: '' }, as(auth.auth_token));
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toBe(
      'Your account must have either an email or a phone number.',
    );
  });

  it('changes the phone by a verification link sent by SMS, then allows removing the email', async () => {
    const { auth, userId } = await signedInUser(t, BOTH_APP, 'phone@example.com');
    const res = await t.call(
      'PATCH',
      path('/phone', BOTH_APP),
      { new_phone: '+1 415 555 0100' },
      as(auth.auth_token),
    );
    expect(res.status).toBe(200);
    const message = mail.lastTo('+14155550100');
    expect(message).toMatchObject({ channel: 'sms', kind: 'verify-identifier' });
    const token = new URL(message.params.link ?? '').searchParams.get('psg_verify_link') ?? '';
    expect(
      (await t.call('PATCH', `/v1/apps/${BOTH_APP}/magic-link/activate`, { magic_link: token })).status,
    ).toBe(200);

    const removed = await t.call('PATCH', path('/email', BOTH_APP), { new_email: '' }, as(auth.auth_token));
    expect(removed.status).toBe(200);
    const me = await json<{ user: Record<string, unknown> }>(
      await t.call('GET', path('', BOTH_APP), undefined, as(auth.auth_token)),
    );
    expect(me.user).toMatchObject({ email: '', phone: '+14155550100', phone_verified: true });
    // Both changes are in the event log; opening the link also signed the user in.
    const events = await t.server.identity.events.recentForUser(BOTH_APP, userId, 10);
    expect(events.map((event) => event.type)).toEqual([
      'identifier_changed',
      'login',
      'identifier_changed',
      'login',
    ]);
    expect(
      (await t.call('PATCH', path('/phone', BOTH_APP), { new_phone: '12' }, as(auth.auth_token))).status,
    ).toBe(400);
  });

  it('answers 401 invalid_access_token without a valid token and 403 for an inactive user', async () => {
    for (const suffix of ['', '/user-metadata']) {
      const res = await t.call('GET', path(suffix));
      expect(res.status).toBe(401);
      expect((await json<{ code: string }>(res)).code).toBe('invalid_access_token');
    }
    expect((await t.call('PATCH', path('/email'), { new_email: 'a@example.com' })).status).toBe(401);
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'inactive@example.com');
    await t.server.identity.users.setStatus(TEST_APP_ID, userId, 'inactive');
    const res = await t.call('GET', path(''), undefined, as(auth.auth_token));
    expect(res.status).toBe(403);
    expect((await json<{ code: string }>(res)).code).toBe('user_not_active');
  });
});
