import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-management-events-0';
const AGENT = 'acme-backend/2.1 (Linux)';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What the management API does to a user is logged, and the log is read through it. */
describe('the event log through the management API', () => {
  let t: RunningTestServer;
  let apiKey: string;
  const app = `/v1/apps/${TEST_APP_ID}`;
  const manage = async (method: string, path: string, body?: unknown) => {
    const headers = { authorization: `Bearer ${apiKey}`, 'user-agent': AGENT };
    const res = await t.call(method, `${app}${path}`, body, headers);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const typesOf = (body: Json) => (body.events as Json[]).map((event) => event.type);

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: ADMIN_KEY } });
    apiKey = await newApiKey(t, ADMIN_KEY, TEST_APP_ID);
  });
  afterAll(() => t.stop());

  it("logs the API key's changes to a user as its own (actor api_key), newest first", async () => {
    const created = await manage('POST', '/users', { email: 'managed@example.com' });
    expect(created.status).toBe(201);
    const userId = created.body.user.id as string;
    expect((await manage('PATCH', `/users/${userId}`, { email: 'renamed@example.com' })).status).toBe(200);
    expect((await manage('PATCH', `/users/${userId}`, { user_metadata: {} })).status).toBe(200);
    expect((await manage('PATCH', `/users/${userId}/deactivate`, {})).status).toBe(200);
    expect((await manage('PATCH', `/users/${userId}/activate`, {})).status).toBe(200);
    expect((await manage('DELETE', `/users/${userId}/tokens`)).status).toBe(200);

    const page = await manage('GET', `/users/${userId}/events`);
    expect(page.status).toBe(200);
    expect(typesOf(page.body)).toEqual([
      'sessions_revoked',
      'user_activated',
      'user_deactivated',
      'identifier_changed',
      'user_created',
    ]);
    expect(page.body.events[0]).toMatchObject({
      user_id: userId,
      actor: 'api_key',
      action: 'other',
      status: 'complete',
      ip_addr: '127.0.0.1',
      user_agent: AGENT,
      user_agent_display: 'Linux',
      method: null,
    });
    expect(page.body.next_cursor).toBe('');
    const user = await manage('GET', `/users/${userId}`);
    expect((user.body.user.recent_events as Json[]).map((event) => event.type)).toEqual(typesOf(page.body));
  });

  it("pages through a user's events with the cursor, and filters them by type and time", async () => {
    const { userId } = await signedInUser(t, TEST_APP_ID, 'pages@example.com');
    for (let i = 0; i < 4; i++) await manage('DELETE', `/users/${userId}/tokens`);
    const all = await manage('GET', `/users/${userId}/events`);
    expect(typesOf(all.body)).toEqual([...Array(4).fill('sessions_revoked'), 'login']);

    const first = await manage('GET', `/users/${userId}/events?limit=2`);
    expect(first.body.events).toEqual(all.body.events.slice(0, 2));
    const second = await manage('GET', `/users/${userId}/events?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.events).toEqual(all.body.events.slice(2, 4));
    const third = await manage('GET', `/users/${userId}/events?limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body).toEqual({ events: all.body.events.slice(4), next_cursor: '' });

    expect(typesOf((await manage('GET', `/users/${userId}/events?type=login`)).body)).toEqual(['login']);
    const login = all.body.events[4] as Json;
    const since = encodeURIComponent(login.created_at as string);
    const fromLogin = await manage('GET', `/users/${userId}/events?since=${since}&until=${since}`);
    expect(fromLogin.body.events).toEqual([]);
    const byApp = await manage('GET', `/events?user_id=${userId}&type=login&since=${since}`);
    expect(byApp.body.events).toEqual([login]);
  });

  it('refuses a malformed filter, an unknown user and a missing key', async () => {
    const coffee = await manage('GET', '/events?type=coffee');
    expect(coffee.status).toBe(400);
    // Readable: it names the types (a union of constants said "equal to constant", Ajv's enum not which).
    expect((coffee.body as { error: string }).error).toMatch(
      /^querystring\.type must be one of: login, login_failed, .*, api_key_revoked$/,
    );
    expect((await manage('GET', '/events?since=yesterday')).status).toBe(400);
    expect((await manage('GET', '/users/nobody00000000000000000/events')).status).toBe(404);
    expect((await t.call('GET', `${app}/events`)).status).toBe(401);
  });

  it("deletes a user's events with the user, all but the deletion's own", async () => {
    const { userId } = await signedInUser(t, TEST_APP_ID, 'gone@example.com');
    expect((await manage('DELETE', `/users/${userId}`)).status).toBe(200);
    expect(typesOf((await manage('GET', `/events?user_id=${userId}`)).body)).toEqual(['user_deleted']);
  });
});
