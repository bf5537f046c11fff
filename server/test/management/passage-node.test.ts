import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialRepository } from '../../src/webauthn/credential-repository.js';
import { captureMessages } from '../support/captured-messages.js';
import { passageNodeFor } from '../support/passage-node.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-passage-node-tests-0';
const admin = { authorization: `Bearer ${ADMIN_KEY}` };

/** passage-node 2.12.1, unmodified but for its hosts, against a real server over HTTP. */
describe('passage-node 2.12.1 against the management API', () => {
  let t: RunningTestServer;
  let sdk: ReturnType<typeof passageNodeFor>;
  let apiKey: string;
  let passage: InstanceType<ReturnType<typeof passageNodeFor>['Passage']>;

  /** A new API key of the test app, made through the admin API. */
  async function createKey(name: string): Promise<{ key: string; id: string }> {
    const created = await t.call('POST', `/admin/v1/apps/${TEST_APP_ID}/api-keys`, { name }, admin);
    expect(created.status).toBe(201);
    const body = (await created.json()) as { key: string; api_key: { id: string } };
    return { key: body.key, id: body.api_key.id };
  }

  /** Each test signs up its own user, so the tests pass alone and in any order. */
  async function createUser(email: string): Promise<string> {
    return (await passage.user.create({ email, user_metadata: { team: 'core' } })).id;
  }

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [
        {
          id: TEST_APP_ID,
          user_metadata_schema: [
            {
              id: 'team',
              field_name: 'team',
              friendly_name: 'Team',
              type: 'string',
              registration: true,
              profile: true,
            },
          ],
        },
      ],
    });
    apiKey = (await createKey('passage-node')).key;
    sdk = passageNodeFor(t.baseUrl);
    passage = new sdk.Passage({ appID: TEST_APP_ID, apiKey });
  });
  afterAll(() => t.stop());

  it('creates, reads and finds a user', async () => {
    const user = await passage.user.create({ email: 'Ada@Example.com', user_metadata: { team: 'core' } });
    const userId = user.id;
    expect(user).toMatchObject({
      email: 'ada@example.com',
      status: 'active',
      external_id: '',
      recent_events: [expect.objectContaining({ type: 'user_created', action: 'other' })],
      webauthn_devices: [],
      user_metadata: { team: 'core' },
    });
    expect(user.created_at).toBeInstanceOf(Date);
    expect((await passage.user.get(userId)).email).toBe('ada@example.com');
    expect((await passage.user.getByIdentifier('ADA@example.com')).id).toBe(userId);
  });

  it('reads "never signed in" as a Date, as Passage answers it (Go\'s zero time), in get and list', async () => {
    const user = await passage.user.create({ email: 'never-signed-in@example.com' });
    expect(user.last_login_at.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    const listed = await t.call(
      'GET',
      `/v1/apps/${TEST_APP_ID}/users?identifier=never-signed-in@example.com`,
      undefined,
      {
        authorization: `Bearer ${apiKey}`,
      },
    );
    expect(((await listed.json()) as { users: { last_login_at: string }[] }).users[0]?.last_login_at).toBe(
      '0001-01-01T00:00:00Z',
    );
  });

  it('updates, deactivates and activates the user', async () => {
    const userId = await createUser('update@example.com');
    const updated = await passage.user.update(userId, {
      phone: '+1 415 555 0100',
      user_metadata: { team: 'web' },
    });
    expect(updated).toMatchObject({
      phone: '+14155550100',
      email: 'update@example.com',
      user_metadata: { team: 'web' },
    });
    expect((await passage.user.deactivate(userId)).status).toBe('inactive');
    expect((await passage.user.activate(userId)).status).toBe('active');
  });

  it('signs the user in with a magic link it made, and validates the token', async () => {
    const userId = await createUser('link@example.com');
    const link = await passage.auth.createMagicLink(
      { userId, channel: 'email', type: 'login', send: false },
      { magicLinkPath: '/welcome', ttl: 5 },
    );
    expect(link).toMatchObject({ user_id: userId, identifier: 'link@example.com', ttl: 5, activated: false });
    expect(new URL(link.url).searchParams.get('psg_magic_link')).toBe(link.secret);
    const activated = await t.call('PATCH', `/v1/apps/${TEST_APP_ID}/magic-link/activate`, {
      magic_link: link.secret,
    });
    expect(activated.status).toBe(200);
    const { auth_result: auth } = (await activated.json()) as {
      auth_result: { auth_token: string; refresh_token: string };
    };

    expect(await passage.auth.validateJwt(auth.auth_token)).toBe(userId);
    const cookie = new Request('http://site.test/', {
      headers: { cookie: `other=1; psg_auth_token=${auth.auth_token}` },
    });
    expect(await passage.authenticateRequest(cookie)).toBe(userId);
    const byHeader = new sdk.Passage({ appID: TEST_APP_ID, apiKey, authStrategy: 'HEADER' });
    const header = new Request('http://site.test/', {
      headers: { authorization: `Bearer ${auth.auth_token}` },
    });
    expect(await byHeader.authenticateRequest(header)).toBe(userId);
    await expect(passage.auth.validateJwt(`${auth.auth_token.slice(0, -4)}AAAA`)).rejects.toThrow(
      /Could not verify/,
    );

    // A link is used once.
    const again = await t.call('PATCH', `/v1/apps/${TEST_APP_ID}/magic-link/activate`, {
      magic_link: link.secret,
    });
    expect(again.status).toBe(404);

    // Revoking the user's refresh tokens ends the session.
    expect(await passage.user.revokeRefreshTokens(userId)).toBe(true);
    const refresh = await t.call('POST', `/v1/apps/${TEST_APP_ID}/tokens/`, {
      refresh_token: auth.refresh_token,
    });
    expect(refresh.status).toBe(401);
  });

  it("shows the user's sign-ins in recent_events, newest first, with address and user agent", async () => {
    const userId = await createUser('events@example.com');
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    const signIn = async (userAgent: string) => {
      const link = await passage.auth.createMagicLink({
        userId,
        channel: 'email',
        type: 'login',
        send: false,
      });
      const path = `/v1/apps/${TEST_APP_ID}/magic-link/activate`;
      const activated = await t.call('PATCH', path, { magic_link: link.secret }, { 'user-agent': userAgent });
      expect(activated.status).toBe(200);
    };
    await signIn(firefox);
    await signIn('curl/8.5.0');

    const events = (await passage.user.get(userId)).recent_events;
    // Each sign-in follows the link the API key made for it (logged too).
    expect(events.map((event) => event.type)).toEqual([
      'login',
      'magic_link_created',
      'login',
      'magic_link_created',
      'user_created',
    ]);
    expect(events[2]).toMatchObject({
      type: 'login',
      action: 'login',
      status: 'complete',
      ip_addr: '127.0.0.1',
      user_agent: firefox,
      user_agent_display: 'Firefox on Linux',
      social_login_type: null,
    });
    expect(events[2]!.created_at).toBeInstanceOf(Date);
    expect(events[2]!.completed_at).toEqual(events[2]!.created_at);
    expect(events[0]).toMatchObject({ user_agent: 'curl/8.5.0', user_agent_display: '' });
    expect(events[0]!.created_at.getTime()).toBeGreaterThanOrEqual(events[2]!.created_at.getTime());
  });

  it('sends a magic link to a new address, creating its user', async () => {
    const mail = captureMessages(t);
    const link = await passage.auth.createMagicLink({
      email: 'grace@example.com',
      type: 'login',
      send: true,
    });
    expect(mail.linkFor('grace@example.com')).toBe(link.url);
    expect((await passage.user.getByIdentifier('grace@example.com')).id).toBe(link.user_id);
    await expect(
      passage.auth.createMagicLink({ email: 'grace@example.com', type: 'login', send: false }, { ttl: 60 }),
    ).rejects.toMatchObject({ statusCode: 400, errorCode: 'invalid_request' });
  });

  it("lists and revokes the user's passkeys", async () => {
    const userId = await createUser('passkeys@example.com');
    const credentials = new CredentialRepository(t.server.db);
    const stored = await credentials.insert(
      {
        appId: TEST_APP_ID,
        userId,
        credId: 'Y3JlZC1mb3ItcGFzc2FnZS1ub2Rl',
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 0,
        transports: ['internal'],
        aaguid: '00000000-0000-0000-0000-000000000000',
        deviceType: 'multiDevice',
        backupEligible: true,
        backedUp: true,
        friendlyName: 'Laptop',
      },
      new Date(),
    );
    const devices = await passage.user.listDevices(userId);
    expect(devices.map((device) => [device.id, device.friendly_name])).toEqual([[stored.id, 'Laptop']]);
    expect(devices[0]?.created_at).toBeInstanceOf(Date);
    expect((await passage.user.get(userId)).webauthn_devices).toHaveLength(1);
    expect(await passage.user.revokeDevice(userId, stored.id)).toBe(true);
    expect(await passage.user.listDevices(userId)).toEqual([]);
  });

  it('deletes the user; an unknown user is a PassageError 404', async () => {
    const userId = await createUser('delete@example.com');
    expect(await passage.user.delete(userId)).toBe(true);
    await expect(passage.user.get(userId)).rejects.toMatchObject({
      name: 'PassageError',
      statusCode: 404,
      errorCode: 'user_not_found',
    });
  });

  it('refuses a wrong key and, at once, a revoked one', async () => {
    const own = await createKey('revoked-in-this-test');
    const soonRevoked = new sdk.Passage({ appID: TEST_APP_ID, apiKey: own.key });
    await createUser('revoked@example.com');
    expect((await soonRevoked.user.getByIdentifier('revoked@example.com')).email).toBe('revoked@example.com');
    const wrong = new sdk.Passage({ appID: TEST_APP_ID, apiKey: 'opk_not-a-key' });
    await expect(wrong.user.create({ email: 'x@example.com' })).rejects.toMatchObject({
      statusCode: 401,
      errorCode: 'invalid_access_token',
    });
    const revoked = await t.call(
      'DELETE',
      `/admin/v1/apps/${TEST_APP_ID}/api-keys/${own.id}`,
      undefined,
      admin,
    );
    expect(revoked.status).toBe(204);
    await expect(soonRevoked.user.getByIdentifier('revoked@example.com')).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});
