import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { PasskeyTestClient } from './passkey-test-client.js';

const STRICT_APP_ID = 'strictApp00000000000003';
let counter = 0;
const newEmail = () => `device-user-${++counter}-${Date.now()}@example.com`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the current user’s passkeys (devices)', () => {
  let t: RunningTestServer;

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, auth_fallback_method: 'otp' },
        { id: STRICT_APP_ID, auth_fallback_method: 'none' },
      ],
    });
  });
  afterAll(() => t.stop());

  /** A signed-in user with one passkey. */
  async function signedInUser(appId = TEST_APP_ID) {
    const client = new PasskeyTestClient(t, appId);
    const email = newEmail();
    const res = await client.register(email);
    expect(res.status).toBe(201);
    const token = res.body.auth_result.auth_token as string;
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const r = await t.call(method, `/v1/apps/${appId}/currentuser/devices${path}`, body, {
        authorization: `Bearer ${token}`,
        ...headers,
      });
      return { status: r.status, body: (await r.json()) as Json };
    };
    return { client, email, userId: res.userId, token, call };
  }

  /** The types of the user's events, newest first. */
  const eventTypes = async (userId: string) =>
    (await t.server.identity.events.recentForUser(TEST_APP_ID, userId, 10)).map((event) => event.type);

  async function outboxFor(address: string, atLeast: number): Promise<Json[]> {
    for (let i = 0; i < 50; i++) {
      const list = (await (await t.call('GET', '/dev/outbox')).json()) as Json[];
      const mine = list.filter((m) => m.to === address);
      if (mine.length >= atLeast) return mine;
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  }

  it('lists the passkeys with every Credential field, named after the browser', async () => {
    const { call, userId, client } = await signedInUser();
    const res = await call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.body.devices).toEqual([
      {
        id: expect.any(String),
        cred_id: client.authenticator.credentials[0]!.id.toString('base64url'),
        user_id: userId,
        friendly_name: 'Chrome on Linux',
        type: 'platform',
        usage_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_login_at: expect.any(String),
        icons: { light: null, dark: null },
      },
    ]);
    expect((await call('GET', '')).status).toBe(200);
  });

  it('adds a passkey with the Bearer token and tells the user', async () => {
    const { call, email, userId } = await signedInUser();
    const start = await call('POST', '/start', { authenticator_attachment: 'platform' });
    expect(start.status).toBe(200);
    expect(start.body.user.id).toBe(userId);
    const publicKey = start.body.handshake.challenge.publicKey;
    expect(publicKey).not.toHaveProperty('excludeCredentials');
    expect(publicKey.authenticatorSelection.userVerification).toBe('required');

    const second = new SoftwareAuthenticator(t.baseUrl.replace('127.0.0.1', 'localhost'), {
      backupEligible: true,
    });
    const finish = await call(
      'POST',
      '/finish',
      {
        user_id: userId,
        handshake_id: start.body.handshake.id,
        handshake_response: second.create(publicKey),
      },
      {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      },
    );
    expect(finish.status, JSON.stringify(finish.body)).toBe(201);
    expect(finish.body.device).toMatchObject({
      id: expect.any(String),
      friendly_name: 'Safari on macOS',
      type: 'passkey',
    });
    expect((await call('GET', '/')).body.devices).toHaveLength(2);
    // The registration logged its passkey, then its sign-in.
    expect(await eventTypes(userId)).toEqual(['passkey_added', 'login', 'passkey_added']);

    const messages = await outboxFor(email, 1);
    expect(messages).toHaveLength(1);
  });

  it('refuses to add a passkey without a valid token, or for another user', async () => {
    const { call } = await signedInUser();
    const other = await signedInUser();
    const anonymous = await t.call('POST', `/v1/apps/${TEST_APP_ID}/currentuser/devices/start`, {});
    expect(anonymous.status).toBe(401);
    const forged = await t.call('GET', `/v1/apps/${TEST_APP_ID}/currentuser/devices/`, undefined, {
      authorization: 'Bearer not.a.token',
    });
    expect(forged.status).toBe(401);

    const start = await call('POST', '/start', {});
    const credential = new SoftwareAuthenticator(t.baseUrl.replace('127.0.0.1', 'localhost')).create(
      start.body.handshake.challenge.publicKey,
    );
    const res = await other.call('POST', '/finish', {
      user_id: other.userId,
      handshake_id: start.body.handshake.id,
      handshake_response: credential,
    });
    expect(res.status).toBe(401);
  });

  it('refuses a token of another app', async () => {
    const { token } = await signedInUser(STRICT_APP_ID);
    const res = await t.call('GET', `/v1/apps/${TEST_APP_ID}/currentuser/devices/`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(401);
  });

  it('renames a passkey, and refuses an empty or over-long name', async () => {
    const { call } = await signedInUser();
    const [device] = (await call('GET', '/')).body.devices as Json[];
    const res = await call('PATCH', `/${device!.id}`, { friendly_name: 'Work laptop' });
    expect(res.status).toBe(200);
    expect(res.body.device).toMatchObject({ id: device!.id, friendly_name: 'Work laptop' });
    expect((await call('PATCH', `/${device!.id}`, { friendly_name: '' })).status).toBe(400);
    expect((await call('PATCH', `/${device!.id}`, { friendly_name: 'x'.repeat(65) })).status).toBe(400);
    const missing = await call('PATCH', `/${device!.id}`, {});
    expect(missing.body).toEqual({
      code: 'invalid_request',
      error: expect.stringContaining('friendly_name'),
    });
  });

  it('deletes a passkey at once: it can no longer sign in, and the user is told', async () => {
    const { call, client, email, userId } = await signedInUser();
    const [device] = (await call('GET', '/')).body.devices as Json[];
    const res = await call('DELETE', `/${device!.id}`);
    expect(res.status).toBe(200);
    expect((await call('GET', '/')).body.devices).toEqual([]);
    expect(await eventTypes(userId)).toEqual(['passkey_removed', 'login', 'passkey_added']);
    const login = await client.login();
    expect(login.status).toBe(401);
    await vi.waitFor(async () => {
      const failed = await t.server.identity.events.list(TEST_APP_ID, { types: ['login_failed'] }, 10);
      expect(failed.map((event) => event.method)).toContain('passkey');
    });
    const messages = await outboxFor(email, 1);
    expect(messages).toHaveLength(1);
  });

  it('does not let a user see, rename or delete another user’s passkey', async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const [bobsDevice] = (await bob.call('GET', '/')).body.devices as Json[];
    expect((await alice.call('PATCH', `/${bobsDevice!.id}`, { friendly_name: 'mine' })).status).toBe(404);
    expect((await alice.call('DELETE', `/${bobsDevice!.id}`)).status).toBe(404);
    expect((await bob.call('GET', '/')).body.devices).toHaveLength(1);
  });

  it('keeps the last passkey when the app has no other way to sign in', async () => {
    const { call } = await signedInUser(STRICT_APP_ID);
    const [device] = (await call('GET', '/')).body.devices as Json[];
    const res = await call('DELETE', `/${device!.id}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('operation_not_allowed');
    expect((await call('GET', '/')).body.devices).toHaveLength(1);
  });

  it('asks for a fresh sign-in before adding or deleting a passkey when the token dates its sign-in', async () => {
    const { token, userId, call } = await signedInUser();
    const [device] = (await call('GET', '/')).body.devices as Json[];
    const { signing } = await t.server.identity.signingKeys.forApp(TEST_APP_ID);
    const claims = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    const withAuthTime = (authTime: number) =>
      new SignJWT({ ...claims, auth_time: authTime })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: signing.kid })
        .sign(signing.privateKey);
    const stale = { authorization: `Bearer ${await withAuthTime(now - 16 * 60)}` };
    const devices = `/v1/apps/${TEST_APP_ID}/currentuser/devices`;

    const start = await t.call('POST', `${devices}/start`, {}, stale);
    expect(start.status).toBe(401);
    expect(((await start.json()) as Json).code).toBe('reauthentication_required');
    expect((await t.call('DELETE', `${devices}/${device!.id}`, undefined, stale)).status).toBe(401);
    expect((await t.call('GET', `${devices}/`, undefined, stale)).status).toBe(200);

    const fresh = { authorization: `Bearer ${await withAuthTime(now - 60)}` };
    const ok = await t.call('POST', `${devices}/start`, {}, fresh);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).user.id).toBe(userId);
  });

  it('lists the passkeys in the current user', async () => {
    const { token } = await signedInUser();
    const res = await t.call('GET', `/v1/apps/${TEST_APP_ID}/currentuser`, undefined, {
      authorization: `Bearer ${token}`,
    });
    const { user } = (await res.json()) as { user: Json };
    expect(user).toMatchObject({ webauthn: true, webauthn_types: ['platform'] });
    expect(user.webauthn_devices).toHaveLength(1);
    expect(user.webauthn_devices[0].friendly_name).toBe('Chrome on Linux');
  });
});
