import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';

const PHONE_APP = 'phoneApp000000000000001';

/**
 * Every 429 tells the client when to come back. The limits are scaled down (RATE_LIMIT_FACTOR 0.01):
 * 6 identifier lookups a minute, and 1 sign-up and 1 code or link per address and app.
 */
describe('Retry-After on every 429', () => {
  let t: RunningTestServer;
  const path = (suffix: string, appId = TEST_APP_ID) => `/v1/apps/${appId}${suffix}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { RATE_LIMIT_FACTOR: '0.01' },
      apps: [{ id: TEST_APP_ID }, { id: PHONE_APP, allowed_identifier: 'both' }],
    });
  });
  afterAll(() => t.stop());

  /** Calls until the first 429 (at most `tries` times) and returns it, or the last answer. */
  async function firstRefusal(tries: number, call: (i: number) => Promise<Response>): Promise<Response> {
    let res = await call(0);
    for (let i = 1; i < tries && res.status !== 429; i++) res = await call(i);
    return res;
  }

  async function expectLimited(res: Response): Promise<void> {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await res.json()).toEqual({
      code: 'too_many_requests',
      error: expect.stringContaining('Try again in'),
    });
  }

  it('on passkey login start (identifier lookups)', async () => {
    // Every lookup of an unknown identifier is a 404 until the budget is spent; then 429.
    const res = await firstRefusal(10, (i) =>
      t.call('POST', path('/login/webauthn/start'), { identifier: `nobody${i}@example.com` }),
    );
    await expectLimited(res);
  });

  it('on passkey register start (sign-ups per address)', async () => {
    const res = await firstRefusal(5, (i) =>
      t.call('POST', path('/register/webauthn/start'), {
        identifier: `new${i}@example.com`,
        authenticator_attachment: 'platform',
      }),
    );
    await expectLimited(res);
  });

  it('on PATCH /currentuser/email and /currentuser/phone (sends per address)', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'changes@example.com');
    await expectLimited(
      await firstRefusal(5, (i) =>
        t.call(
          'PATCH',
          path('/currentuser/email'),
          { new_email: `next${i}@example.com` },
          bearer(auth.auth_token),
        ),
      ),
    );
    const other = await signedInUser(t, PHONE_APP, 'phone-changes@example.com');
    await expectLimited(
      await firstRefusal(5, (i) =>
        t.call(
          'PATCH',
          path('/currentuser/phone', PHONE_APP),
          { new_phone: `+1415555010${i}` },
          bearer(other.auth.auth_token),
        ),
      ),
    );
  });
});
