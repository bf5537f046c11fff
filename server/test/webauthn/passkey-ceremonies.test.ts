import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { PasskeyTestClient } from './passkey-test-client.js';

const OTHER_APP_ID = 'otherApp000000000000002';
const VERIFYING_APP_ID = 'verifyingApp00000000003';
let counter = 0;
const newEmail = () => `passkey-user-${++counter}-${Date.now()}@example.com`;

describe('passkey registration and login', () => {
  let t: RunningTestServer;
  let client: PasskeyTestClient;

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, redirect_url: '/done' },
        { id: OTHER_APP_ID },
        { id: VERIFYING_APP_ID, require_identifier_verification: true },
      ],
    });
    client = new PasskeyTestClient(t, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  describe('register', () => {
    it('answers creation options for the app origin, with user verification required', async () => {
      const email = newEmail();
      const { handshake, user } = await client.registerStart(email);
      const publicKey = handshake.challenge.publicKey;
      expect(user).toMatchObject({ email, status: 'pending', webauthn: false, webauthn_types: [] });
      expect(handshake.id).toEqual(expect.any(String));
      expect(publicKey).toMatchObject({
        rp: { id: 'localhost', name: 'Test app' },
        user: { id: Buffer.from(user.id).toString('base64url'), name: email, displayName: email },
        timeout: 300000,
        attestation: 'none',
        authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required' },
      });
      expect(Buffer.from(publicKey.challenge, 'base64url')).toHaveLength(32);
      expect(publicKey.pubKeyCredParams).toContainEqual({ type: 'public-key', alg: -7 });
      expect(JSON.stringify(publicKey)).not.toContain('null');
    });

    it('registers a passkey, activates the user and signs them in', async () => {
      const email = newEmail();
      const res = await client.register(email);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.auth_result).toMatchObject({ auth_token: expect.any(String), redirect_url: '/done' });
      const lookup = await t.call(
        'GET',
        `/v1/apps/${TEST_APP_ID}/users?identifier=${encodeURIComponent(email)}`,
      );
      const { user } = (await lookup.json()) as { user: Record<string, unknown> };
      expect(user).toMatchObject({
        id: res.userId,
        status: 'active',
        webauthn: true,
        webauthn_types: ['platform'],
      });
    });

    it('refuses a response from another origin', async () => {
      const res = await client.register(newEmail(), { origin: 'https://evil.example' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'webauthn_login_failed', error: expect.any(String) });
    });

    it('refuses a response for another RP ID', async () => {
      const res = await client.register(newEmail(), { rpId: 'evil.example' });
      expect(res.status).toBe(401);
    });

    it('refuses a response without user verification', async () => {
      const res = await client.register(newEmail(), { userVerified: false });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('webauthn_login_failed');
    });

    it('refuses an assertion-type client data in a registration', async () => {
      const res = await client.register(newEmail(), { type: 'webauthn.get' });
      expect(res.status).toBe(401);
    });

    it('refuses a replayed handshake', async () => {
      const { handshake, user } = await client.registerStart(newEmail());
      const credential = client.authenticator.create(handshake.challenge.publicKey);
      expect((await client.registerFinish(user.id, handshake.id, credential)).status).toBe(201);
      const again = client.authenticator.create(handshake.challenge.publicKey);
      const replay = await client.registerFinish(user.id, handshake.id, again);
      expect(replay.status).toBe(401);
      expect(replay.body.error).toMatch(/already used/);
    });

    it('refuses an expired handshake', async () => {
      const { handshake, user } = await client.registerStart(newEmail());
      await t.server.db
        .updateTable('webauthn_challenges')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', handshake.id)
        .execute();
      const res = await client.registerFinish(
        user.id,
        handshake.id,
        client.authenticator.create(handshake.challenge.publicKey),
      );
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/expired/);
    });

    it('refuses a handshake finished for another user', async () => {
      const first = await client.registerStart(newEmail());
      const second = await client.registerStart(newEmail());
      const credential = client.authenticator.create(first.handshake.challenge.publicKey);
      const res = await client.registerFinish(second.user.id, first.handshake.id, credential);
      expect(res.status).toBe(401);
    });

    it('refuses a credential id that another user already holds', async () => {
      const first = await client.register(newEmail());
      expect(first.status).toBe(201);
      const stolenId = Buffer.from(first.credential.id as string, 'base64url');
      const other = new PasskeyTestClient(t, TEST_APP_ID);
      const res = await other.register(newEmail(), { credentialId: stolenId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_request', error: 'This passkey is already registered.' });
    });

    it('refuses a credential id longer than 1023 bytes', async () => {
      const res = await client.register(newEmail(), { credentialId: Buffer.alloc(1024, 7) });
      expect(res.status).toBe(400);
    });

    it('refuses to register a passkey for an existing active user', async () => {
      const email = newEmail();
      expect((await client.register(email)).status).toBe(201);
      const res = await client.post('/register/webauthn/start', { identifier: email });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    });

    it('cannot attach a passkey to an account its owner activated while the ceremony was open', async () => {
      const email = newEmail();
      const attacker = await client.registerStart(email);
      // The real owner signs up another way meanwhile (here: the account becomes active).
      await t.server.identity.users.activate(TEST_APP_ID, attacker.user.id);
      const credential = client.authenticator.create(attacker.handshake.challenge.publicKey);
      const res = await client.registerFinish(attacker.user.id, attacker.handshake.id, credential);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      const devices = await t.server.db
        .selectFrom('webauthn_credentials')
        .select('id')
        .where('user_id', '=', attacker.user.id)
        .execute();
      expect(devices).toHaveLength(0);
    });

    it('refuses passkey registration when the app verifies identifiers first', async () => {
      const verifying = new PasskeyTestClient(t, VERIFYING_APP_ID);
      const res = await verifying.post('/register/webauthn/start', { identifier: newEmail() });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'operation_not_allowed',
        error: expect.stringContaining('one-time code'),
      });
    });

    it('answers 400 with a readable message for a bad body', async () => {
      const res = await client.post('/register/webauthn/start', { authenticator_attachment: 'platform' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_request', error: expect.stringContaining('identifier') });
      const finish = await client.post('/register/webauthn/finish', { user_id: 'x', handshake_id: 'y' });
      expect(finish.status).toBe(400);
      expect(finish.body.error).toContain('handshake_response');
    });

    it('answers 404 app_not_found for an unknown app', async () => {
      const res = await new PasskeyTestClient(t, 'noSuchApp0000000000000').post('/register/webauthn/start', {
        identifier: newEmail(),
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('app_not_found');
    });
  });

  describe('login', () => {
    it('signs in with the identifier first: options list the user’s passkeys', async () => {
      const email = newEmail();
      const { userId, credential } = await client.register(email);
      const { handshake, user } = await client.loginStart(email);
      expect(user).toMatchObject({ id: userId, email, webauthn: true });
      expect(handshake.challenge.publicKey).toMatchObject({
        rpId: 'localhost',
        timeout: 300000,
        userVerification: 'required',
        allowCredentials: [{ type: 'public-key', id: credential.id, transports: ['internal', 'hybrid'] }],
      });
      const assertion = client.authenticator.get(handshake.challenge.publicKey);
      const res = await client.loginFinish(handshake.id, assertion, userId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.auth_result).toMatchObject({ auth_token: expect.any(String), redirect_url: '/done' });
    });

    it('signs in without an identifier (conditional UI): no body in, no user and no allowCredentials out', async () => {
      const own = new PasskeyTestClient(t, TEST_APP_ID);
      await own.register(newEmail());
      const { handshake, user } = await own.loginStart();
      expect(user).toBeUndefined();
      expect(handshake.challenge.publicKey.allowCredentials).toBeUndefined();
      const res = await own.loginFinish(handshake.id, own.authenticator.get(handshake.challenge.publicKey));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.auth_result.auth_token).toEqual(expect.any(String));
    });

    it('answers 404 user_not_found for an unknown identifier', async () => {
      const res = await client.post('/login/webauthn/start', { identifier: newEmail() });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('user_not_found');
    });

    it('refuses an assertion from another origin', async () => {
      const email = newEmail();
      await client.register(email);
      const res = await client.login(email, { origin: 'http://localhost:1' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('webauthn_login_failed');
    });

    it('refuses an assertion without user verification', async () => {
      const email = newEmail();
      await client.register(email);
      expect((await client.login(email, { userVerified: false })).status).toBe(401);
    });

    it('refuses a replayed assertion and a replayed handshake', async () => {
      const email = newEmail();
      const { userId } = await client.register(email);
      const { handshake } = await client.loginStart(email);
      const assertion = client.authenticator.get(handshake.challenge.publicKey);
      expect((await client.loginFinish(handshake.id, assertion, userId)).status).toBe(200);
      expect((await client.loginFinish(handshake.id, assertion, userId)).status).toBe(401);
      const fresh = client.authenticator.get(handshake.challenge.publicKey);
      expect((await client.loginFinish(handshake.id, fresh, userId)).status).toBe(401);
    });

    it('refuses an expired handshake', async () => {
      const email = newEmail();
      const { userId } = await client.register(email);
      const { handshake } = await client.loginStart(email);
      await t.server.db
        .updateTable('webauthn_challenges')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .where('id', '=', handshake.id)
        .execute();
      const res = await client.loginFinish(
        handshake.id,
        client.authenticator.get(handshake.challenge.publicKey),
        userId,
      );
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/expired/);
    });

    it('refuses a signature counter that goes back, and accepts passkeys that always send 0', async () => {
      const email = newEmail();
      await client.register(email);
      expect((await client.login(email, { counter: 5 })).status).toBe(200);
      expect((await client.login(email, { counter: 3 })).status).toBe(401);
      expect((await client.login(email, { counter: 5 })).status).toBe(401);
      expect((await client.login(email, { counter: 6 })).status).toBe(200);

      const zero = new PasskeyTestClient(
        t,
        TEST_APP_ID,
        new SoftwareAuthenticator(client.authenticator.origin, { counterStep: 0 }),
      );
      const zeroEmail = newEmail();
      await zero.register(zeroEmail);
      expect((await zero.login(zeroEmail)).status).toBe(200);
      expect((await zero.login(zeroEmail)).status).toBe(200);
    });

    it('keeps the counter consistent under concurrent logins with one passkey', async () => {
      const email = newEmail();
      const { userId } = await client.register(email);
      const starts = await Promise.all(Array.from({ length: 8 }, () => client.loginStart(email)));
      const assertions = starts.map((s) => client.authenticator.get(s.handshake.challenge.publicKey));
      const results = await Promise.all(
        starts.map((s, i) => client.loginFinish(s.handshake.id, assertions[i]!, userId)),
      );
      const won = results.map((r, i) => (r.status === 200 ? i + 1 : 0)).filter((n) => n > 0);
      expect(won.length).toBeGreaterThanOrEqual(1);
      const row = await t.server.db
        .selectFrom('webauthn_credentials')
        .select(['counter', 'usage_count'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(row.counter)).toBe(Math.max(...won));
      expect(Number(row.usage_count)).toBe(won.length);
    });

    it('refuses a passkey of another user, whether named by user_id or by user handle', async () => {
      const alice = new PasskeyTestClient(t, TEST_APP_ID);
      const bob = new PasskeyTestClient(t, TEST_APP_ID);
      const aliceEmail = newEmail();
      const { userId: aliceId } = await alice.register(aliceEmail);
      const { userId: bobId } = await bob.register(newEmail());

      const { handshake } = await alice.loginStart(aliceEmail);
      const bobsAssertion = bob.authenticator.get({ ...handshake.challenge.publicKey, allowCredentials: [] });
      expect((await alice.loginFinish(handshake.id, bobsAssertion, aliceId)).status).toBe(401);

      const discoverable = await alice.loginStart();
      const forged = alice.authenticator.get(discoverable.handshake.challenge.publicKey, {
        userHandle: Buffer.from(bobId).toString('base64url'),
      });
      const res = await alice.loginFinish(discoverable.handshake.id, forged);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('discoverable_login_failed');
    });

    it('refuses a passkey or a handshake of another app', async () => {
      const email = newEmail();
      await client.register(email);
      const other = new PasskeyTestClient(t, OTHER_APP_ID, client.authenticator);
      const { handshake } = await other.loginStart();
      const res = await other.loginFinish(
        handshake.id,
        client.authenticator.get({ ...handshake.challenge.publicKey }),
      );
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('discoverable_login_failed');

      const own = await client.loginStart(email);
      const assertion = client.authenticator.get(own.handshake.challenge.publicKey);
      expect((await other.loginFinish(own.handshake.id, assertion)).status).toBe(401);
    });

    it('refuses a deactivated user with 403 user_not_active', async () => {
      const email = newEmail();
      const { userId } = await client.register(email);
      await t.server.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', userId).execute();
      const { handshake } = await client.loginStart();
      const assertion = client.authenticator.get({
        ...handshake.challenge.publicKey,
        allowCredentials: [{ id: client.authenticator.credentials.at(-1)!.id.toString('base64url') }],
      });
      const res = await client.loginFinish(handshake.id, assertion);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('user_not_active');
    });
  });
});
