import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningTestServer,
  startTestServer,
  TEST_APP_ID,
  type TestApp,
} from '../support/test-server.js';

const PHONE_APP = 'phoneApp000000000000001';
const CLOSED_APP = 'closedApp00000000000001';
const schema = [
  { id: 'f1', field_name: 'full_name', friendly_name: 'Full name', type: 'string' },
  { id: 'f2', field_name: 'age', friendly_name: 'Age', type: 'integer' },
  { id: 'f3', field_name: 'birthday', friendly_name: 'Birthday', type: 'date' },
  { id: 'f4', field_name: 'mobile', friendly_name: 'Mobile', type: 'phone' },
  { id: 'f5', field_name: 'newsletter', friendly_name: 'Newsletter', type: 'boolean' },
  { id: 'f6', field_name: 'plan', friendly_name: 'Plan', type: 'string', registration: false },
].map((field) => ({
  registration: true,
  profile: true,
  ...field,
})) as unknown as TestApp['user_metadata_schema'];

describe('users: lookup and create', () => {
  let t: RunningTestServer;
  const users = (appId = TEST_APP_ID) => `/v1/apps/${appId}/users`;

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, allowed_identifier: 'email', user_metadata_schema: schema },
        { id: PHONE_APP, allowed_identifier: 'both' },
        { id: CLOSED_APP, public_signup: false },
      ],
    });
  });
  afterAll(() => t.stop());

  it('answers {user: null} for an unknown identifier', async () => {
    const res = await t.call('GET', `${users()}?identifier=${encodeURIComponent('nobody@example.com')}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
  });

  it('creates a pending user with a normalised email and finds it again', async () => {
    const res = await t.call('POST', users(), {
      identifier: '  Ann@Example.COM ',
      user_metadata: {
        full_name: 'Ann',
        age: 41,
        birthday: '1985-02-28',
        mobile: '+44 20 7946 0958',
        newsletter: true,
      },
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      email: 'ann@example.com',
      email_verified: false,
      phone: '',
      phone_verified: false,
      status: 'pending',
      user_metadata: {
        full_name: 'Ann',
        age: 41,
        birthday: '1985-02-28',
        mobile: '+442079460958',
        newsletter: true,
      },
      webauthn: false,
      webauthn_types: [],
    });
    const found = await t.call('GET', `${users()}?identifier=ann%40example.com`);
    expect(((await found.json()) as { user: { id: string } }).user.id).toBe(user.id);
  });

  it('accepts a repeated POST for a pending user and keeps its id', async () => {
    const first = (await (await t.call('POST', users(), { identifier: 'bo@example.com' })).json()) as {
      user: { id: string };
    };
    const again = await t.call('POST', users(), {
      identifier: 'bo@example.com',
      user_metadata: { full_name: 'Bo' },
    });
    expect(again.status).toBe(201);
    const body = (await again.json()) as { user: { id: string; user_metadata: unknown } };
    expect(body.user.id).toBe(first.user.id);
    expect(body.user.user_metadata).toEqual({ full_name: 'Bo' });
  });

  it('refuses metadata fields the app does not ask at registration', async () => {
    const res = await t.call('POST', users(), {
      identifier: 'planner@example.com',
      user_metadata: { plan: 'gold' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'invalid_request',
      error: 'user_metadata.plan is not asked at registration.',
    });
  });

  it('refuses to create a user that is already active', async () => {
    const { identity } = t.server;
    const user = await identity.users.createPending(
      TEST_APP_ID,
      { type: 'email', value: 'cy@example.com' },
      null,
    );
    await identity.users.activate(TEST_APP_ID, user.id);
    const res = await t.call('POST', users(), { identifier: 'cy@example.com' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'invalid_request',
      error: expect.stringContaining('already exists'),
    });
  });

  it('reports an inactive user as inactive', async () => {
    const { identity } = t.server;
    const user = await identity.users.createPending(
      TEST_APP_ID,
      { type: 'email', value: 'di@example.com' },
      null,
    );
    await identity.users.setStatus(TEST_APP_ID, user.id, 'inactive');
    const res = await t.call('GET', `${users()}?identifier=di%40example.com`);
    expect(((await res.json()) as { user: { status: string } }).user.status).toBe('inactive');
  });

  it.each([
    [{ shoe_size: 42 }, 'shoe_size is not a field'],
    [{ full_name: 'x'.repeat(64) }, 'at most 63'],
    [{ age: 4.5 }, 'whole number'],
    [{ birthday: '1985-02-30' }, 'YYYY-MM-DD'],
    [{ mobile: '12' }, 'phone number'],
    [{ newsletter: 'yes' }, 'true or false'],
  ])('rejects metadata %j with a readable 400', async (metadata, message) => {
    const res = await t.call('POST', users(), { identifier: 'meta@example.com', user_metadata: metadata });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('invalid_request');
    expect(body.error).toContain(message);
  });

  it('rejects a malformed identifier, and a phone number where only email is allowed', async () => {
    for (const identifier of ['not-an-email', '', '+14155550100']) {
      const res = await t.call('GET', `${users()}?identifier=${encodeURIComponent(identifier)}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_request');
    }
    const missing = await t.call('POST', users(), {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toContain('identifier');
  });

  it('normalises phone numbers to E.164 in an app that allows both', async () => {
    const res = await t.call('POST', users(PHONE_APP), { identifier: '+1 (415) 555-0100' });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { phone: string; email: string } };
    expect(user).toMatchObject({ phone: '+14155550100', email: '' });
    const found = await t.call('GET', `${users(PHONE_APP)}?identifier=${encodeURIComponent('+14155550100')}`);
    expect(((await found.json()) as { user: { phone: string } }).user.phone).toBe('+14155550100');
  });

  it('enforces public_signup with a message that starts with "Public signup"', async () => {
    const res = await t.call('POST', users(CLOSED_APP), { identifier: 'eve@example.com' });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('public_signup_disabled');
    expect(body.error).toMatch(/^Public signup/);
  });

  it('sees an app change made on this instance at once (no stale settings from the cache)', async () => {
    const { apps } = t.server.identity;
    await t.call('POST', users(PHONE_APP), { identifier: 'warm@example.com' }); // fills the cache
    const settings = await apps.find(PHONE_APP);
    if (!settings) throw new Error('app missing');
    await apps.upsert({ ...settings, public_signup: false });
    expect((await t.call('POST', users(PHONE_APP), { identifier: 'late@example.com' })).status).toBe(403);
    await apps.upsert(settings);
    expect((await t.call('POST', users(PHONE_APP), { identifier: 'late@example.com' })).status).toBe(201);
  });

  it('answers 404 app_not_found for an unknown app', async () => {
    const res = await t.call('GET', `${users('unknownApp0000000000001')}?identifier=a%40b.co`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('app_not_found');
  });

  it('accepts a JSON body sent as text/plain, as Passage clients do', async () => {
    const res = await t.call('POST', users(), JSON.stringify({ identifier: 'plain@example.com' }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(res.status).toBe(201);
  });
});

describe('users: lookup rate limit per IP', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    // 600 lookups a minute scaled down to 6, so the limit is reached quickly.
    t = await startTestServer({ env: { RATE_LIMIT_FACTOR: '0.01' } });
  });
  afterAll(() => t.stop());

  it('answers 429 too_many_requests with Retry-After once the limit is used up', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) {
      last = await t.call('GET', `/v1/apps/${TEST_APP_ID}/users?identifier=x${i}%40example.com`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last?.json()).toEqual({
      code: 'too_many_requests',
      error: expect.stringContaining('Try again in'),
    });
  });
});
