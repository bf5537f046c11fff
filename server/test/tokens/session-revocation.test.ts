import { sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_CLIENT } from '../support/signed-in-user.js';
import { newApiKey } from '../support/api-key.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-session-revocation-0';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * An auth token belongs to its sign-in (`sid`): whatever ends the sign-in ends the token on every route
 * that takes one, and nothing brings it back.
 */
describe('auth tokens end with their sign-in', () => {
  let t: RunningTestServer;
  let apiKey: string;
  const app = `/v1/apps/${TEST_APP_ID}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The statuses of the routes that take an auth token, for one token. */
  const statuses = async (token: string) => [
    (await t.call('GET', `${app}/currentuser`, undefined, bearer(token))).status,
    (await t.call('GET', `${app}/currentuser/user-metadata`, undefined, bearer(token))).status,
    (await t.call('GET', `${app}/currentuser/devices`, undefined, bearer(token))).status,
    (await t.call('POST', `${app}/currentuser/devices/start`, {}, bearer(token))).status,
  ];
  const manage = (method: string, path: string) =>
    t.call(method, `${app}${path}`, method === 'PATCH' ? {} : undefined, bearer(apiKey));

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: ADMIN_KEY } });
    apiKey = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it('keeps tokens issued before a deactivation (management API) dead after the reactivation', async () => {
    const before = await signedInUser(t, TEST_APP_ID, 'paused@example.com');
    expect(await statuses(before.auth.auth_token)).toEqual([200, 200, 200, 200]);
    expect((await manage('PATCH', `/users/${before.userId}/deactivate`)).status).toBe(200);
    expect(await statuses(before.auth.auth_token)).toEqual([403, 403, 403, 403]);
    expect((await manage('PATCH', `/users/${before.userId}/activate`)).status).toBe(200);
    expect(await statuses(before.auth.auth_token)).toEqual([401, 401, 401, 401]);
    const after = await t.server.identity.authResults.issue(TEST_APP_ID, before.userId, 'otp', TEST_CLIENT);
    expect(await statuses(after.auth_token)).toEqual([200, 200, 200, 200]);
  });

  it("ends a user's auth tokens with their sessions (DELETE /users/{id}/tokens)", async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'everywhere@example.com');
    expect((await manage('DELETE', `/users/${userId}/tokens`)).status).toBe(200);
    expect(await statuses(auth.auth_token)).toEqual([401, 401, 401, 401]);
  });

  it('ends the auth token of the signed-out sign-in only, and those of a sign-in whose refresh token was reused', async () => {
    const { userId, auth: first } = await signedInUser(t, TEST_APP_ID, 'two-devices@example.com');
    const second = await t.server.identity.authResults.issue(TEST_APP_ID, userId, 'otp', TEST_CLIENT);
    const signOut = await t.call('DELETE', `${app}/tokens/?refresh_token=${first.refresh_token}`);
    expect(signOut.status).toBe(200);
    expect((await statuses(first.auth_token))[0]).toBe(401);
    expect((await statuses(second.auth_token))[0]).toBe(200);

    const rotated = await t.call('POST', `${app}/tokens/`, { refresh_token: second.refresh_token });
    expect(rotated.status).toBe(201);
    const next = ((await rotated.json()) as Json).auth_result;
    expect((await statuses(next.auth_token))[0]).toBe(200);
    // The spent refresh token again: the sign-in is revoked, with every auth token it issued.
    expect((await t.call('POST', `${app}/tokens/`, { refresh_token: second.refresh_token })).status).toBe(
      401,
    );
    expect((await statuses(next.auth_token))[0]).toBe(401);
    expect((await statuses(second.auth_token))[0]).toBe(401);
  });

  it('refuses a token without sid, or naming another user’s sign-in, even when signed with the key', async () => {
    const mine = await signedInUser(t, TEST_APP_ID, 'sid-owner@example.com');
    const theirs = await signedInUser(t, TEST_APP_ID, 'sid-other@example.com');
    const [h, p] = mine.auth.auth_token.split('.') as [string, string];
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Json;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Json;
    const theirSid = (
      JSON.parse(Buffer.from(theirs.auth.auth_token.split('.')[1]!, 'base64url').toString()) as Json
    ).sid as string;
    const { privateKey } = (await t.server.identity.signingKeys.forApp(TEST_APP_ID)).signing;
    const resigned = (payload: Json) => {
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const input = `${b64(header)}.${b64(payload)}`;
      return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
    };
    expect(claims.sid).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await statuses(resigned(claims)))[0]).toBe(200); // the control
    const { sid: _sid, ...withoutSid } = claims;
    expect((await statuses(resigned(withoutSid)))[0]).toBe(401);
    expect((await statuses(resigned({ ...claims, sid: theirSid })))[0]).toBe(401);
    expect((await statuses(resigned({ ...claims, sid: 'noSuchSession000000001' })))[0]).toBe(401);
  });
});
