import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { signedInUser } from '../support/signed-in-user.js';
import {
  type RunningTestServer,
  startTestServer,
  TEST_APP_ID,
  type TestApp,
} from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-account-events-01';
const AGENT = 'acme-backend/3.0 (Linux)';
const schema = [{ id: 'f1', field_name: 'full_name', friendly_name: 'Full name', type: 'string' }].map(
  (field) => ({ registration: true, profile: true, ...field }),
) as unknown as TestApp['user_metadata_schema'];
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Changes to accounts and to the app that the event log keeps besides sign-ins: metadata, deletions,
 * links made by the management API, imports and API keys, each with who acted.
 */
describe('the event log of account and management changes', () => {
  let t: RunningTestServer;
  let apiKey: string;
  const app = `/v1/apps/${TEST_APP_ID}`;
  const manage = async (method: string, path: string, body?: unknown) => {
    const headers = { authorization: `Bearer ${apiKey}`, 'user-agent': AGENT };
    const res = await t.call(method, `${app}${path}`, body, headers);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const admin = (method: string, path: string, body?: unknown) =>
    t.call(method, `/admin/v1/apps/${TEST_APP_ID}${path}`, body, {
      authorization: `Bearer ${ADMIN_KEY}`,
      'user-agent': AGENT,
    });
  const eventsOfUser = async (userId: string) =>
    (await t.server.identity.events.list(TEST_APP_ID, { userId }, 100)).map((e) => [e.type, e.actor]);
  const eventsOfType = (type: string) => t.server.identity.events.list(TEST_APP_ID, { types: [type] }, 100);

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [{ id: TEST_APP_ID, user_metadata_schema: schema }],
    });
    apiKey = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it('logs a metadata change by the API key, and none for a PATCH that changes nothing', async () => {
    const { userId } = await signedInUser(t, TEST_APP_ID, 'meta-key@example.com');
    const patch = (metadata: Json) => manage('PATCH', `/users/${userId}`, { user_metadata: metadata });
    expect((await patch({ full_name: 'Ada' })).status).toBe(200);
    expect((await patch({ full_name: 'Ada' })).status).toBe(200);
    expect((await patch({})).status).toBe(200);
    expect(await eventsOfUser(userId)).toEqual([
      ['metadata_changed', 'api_key'],
      ['login', 'user'],
    ]);
  });

  it("logs the user's own metadata change from the profile", async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'meta-self@example.com');
    const patch = (metadata: Json) =>
      t.call(
        'PATCH',
        `${app}/currentuser/user-metadata`,
        { user_metadata: metadata },
        {
          authorization: `Bearer ${auth.auth_token}`,
        },
      );
    expect((await patch({ full_name: 'Grace' })).status).toBe(200);
    expect((await patch({ full_name: 'Grace' })).status).toBe(200);
    expect(await eventsOfUser(userId)).toEqual([
      ['metadata_changed', 'user'],
      ['login', 'user'],
    ]);
  });

  it('keeps a user_deleted entry after the user and their other events are gone', async () => {
    const byKey = await signedInUser(t, TEST_APP_ID, 'deleted-by-key@example.com');
    const byAdmin = await signedInUser(t, TEST_APP_ID, 'deleted-by-admin@example.com');
    expect((await manage('DELETE', `/users/${byKey.userId}`)).status).toBe(200);
    expect((await admin('DELETE', `/users/${byAdmin.userId}`)).status).toBe(204);

    expect(await eventsOfUser(byKey.userId)).toEqual([['user_deleted', 'api_key']]);
    expect(await eventsOfUser(byAdmin.userId)).toEqual([['user_deleted', 'admin']]);
    const [entry] = await t.server.identity.events.list(TEST_APP_ID, { userId: byAdmin.userId }, 1);
    expect(entry).toMatchObject({ ip_addr: '127.0.0.1', user_agent: AGENT, method: null });
    // Deleting a user that is not there logs nothing.
    expect((await manage('DELETE', `/users/${byKey.userId}`)).status).toBe(404);
    expect(await eventsOfUser(byKey.userId)).toHaveLength(1);
  });

  it('logs a magic link the management API made for a user', async () => {
    const { userId } = await signedInUser(t, TEST_APP_ID, 'linked@example.com');
    const made = await manage('POST', '/magic-links', { user_id: userId, channel: 'email' });
    expect(made.status).toBe(201);
    expect((await eventsOfUser(userId))[0]).toEqual(['magic_link_created', 'api_key']);
    // A refused request (a redirect elsewhere) leaves no entry.
    const refused = await manage('POST', '/magic-links', {
      user_id: userId,
      channel: 'email',
      redirect_url: 'https://evil.example/',
    });
    expect(refused.status).toBe(400);
    expect((await eventsOfUser(userId)).filter(([type]) => type === 'magic_link_created')).toHaveLength(1);
  });

  it('logs an import and API keys made and revoked through the admin API, naming no user', async () => {
    // Other tests of this file make keys too, in any order (the suites run shuffled): count this one's.
    const keysBefore = (await eventsOfType('api_key_created')).length;
    const revokedBefore = (await eventsOfType('api_key_revoked')).length;
    const imported = await admin('POST', '/users/import', { csv: 'email\nimported@example.com\n' });
    expect(imported.status).toBe(200);
    const made = await admin('POST', '/api-keys', { name: 'events' });
    expect(made.status).toBe(201);
    const { api_key } = (await made.json()) as Json;
    expect((await admin('DELETE', `/api-keys/${api_key.id}`)).status).toBe(204);

    const [importEntry] = await eventsOfType('users_imported');
    expect(importEntry).toMatchObject({ user_id: null, actor: 'admin', user_agent: AGENT });
    expect(await eventsOfType('api_key_created')).toHaveLength(keysBefore + 1);
    const revoked = await eventsOfType('api_key_revoked');
    expect(revoked).toHaveLength(revokedBefore + 1);
    // Newest first: this test's revocation.
    expect(revoked[0]).toMatchObject({ user_id: null, actor: 'admin', user_agent: AGENT });
    const listed = await manage('GET', '/events?type=users_imported');
    expect(listed.status).toBe(200);
    expect(listed.body.events).toEqual([expect.objectContaining({ type: 'users_imported', user_id: null })]);
  });

  it("writes each change's event in the change's transaction: an event that cannot be written undoes it", async () => {
    const { events } = t.server.identity;
    const record = events.record.bind(events);
    const failing = new Set<string>();
    events.record = async (event, ...rest) => {
      if (failing.has(event.type)) throw new Error(`the event log refused ${event.type}`);
      return record(event, ...rest);
    };
    try {
      const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'undone@example.com');
      const stored = () => t.server.identity.users.findById(TEST_APP_ID, userId);
      const liveKeys = async () =>
        ((await (await admin('GET', '/api-keys')).json()) as Json).api_keys.map((key: Json) => key.id);
      const made = await admin('POST', '/api-keys', { name: 'kept' });
      const { api_key } = (await made.json()) as Json;
      const keysBefore = await liveKeys();
      failing.add('user_deleted').add('metadata_changed').add('identifier_changed');
      failing.add('api_key_created').add('api_key_revoked');

      expect((await manage('DELETE', `/users/${userId}`)).status).toBe(500);
      expect((await admin('DELETE', `/users/${userId}`)).status).toBe(500);
      expect(await stored()).toBeDefined();
      const patched = await manage('PATCH', `/users/${userId}`, {
        email: 'undone-new@example.com',
        user_metadata: { full_name: 'Grace' },
      });
      expect(patched.status).toBe(500);
      const profile = await t.call(
        'PATCH',
        `${app}/currentuser/user-metadata`,
        { user_metadata: { full_name: 'Grace' } },
        { authorization: `Bearer ${auth.auth_token}` },
      );
      expect(profile.status).toBe(500);
      expect(await stored()).toMatchObject({ email: 'undone@example.com', user_metadata: null });
      expect((await admin('POST', '/api-keys', { name: 'lost' })).status).toBe(500);
      expect((await admin('DELETE', `/api-keys/${api_key.id}`)).status).toBe(500);
      expect(await liveKeys()).toEqual(keysBefore);
    } finally {
      events.record = record;
    }
  });
});
