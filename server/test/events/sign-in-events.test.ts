import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureMessages } from '../support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** Sign-ins and refused proofs land in the event log with their method, address and user agent. */
describe('the event log of sign-ins', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const path = (suffix: string) => `/v1/apps/${TEST_APP_ID}${suffix}`;
  const fromSafari = { 'user-agent': SAFARI };
  const requestCode = async (identifier: string) => {
    const res = await t.call('POST', path('/register/otp'), { identifier }, fromSafari);
    expect(res.status).toBe(201);
    return ((await res.json()) as { otp_id: string }).otp_id;
  };
  const activate = (otp_id: string, otp: string) =>
    t.call('POST', path('/otp/activate'), { otp, otp_id }, fromSafari);
  const eventsOfApp = () => t.server.identity.events.list(TEST_APP_ID, {}, 100);

  beforeAll(async () => {
    t = await startTestServer();
    mail = captureMessages(t);
  });
  afterAll(() => t.stop());

  it('logs a code sign-in as a login by otp of its user', async () => {
    const otpId = await requestCode('otp-event@example.com');
    expect((await activate(otpId, mail.codeFor('otp-event@example.com'))).status).toBe(200);
    const user = await t.server.identity.users.findByIdentifier(TEST_APP_ID, {
      type: 'email',
      value: 'otp-event@example.com',
    });

    const events = await t.server.identity.events.recentForUser(TEST_APP_ID, user!.id, 10);
    expect(events).toEqual([
      expect.objectContaining({
        app_id: TEST_APP_ID,
        type: 'login',
        method: 'otp',
        ip_addr: '127.0.0.1',
        user_agent: SAFARI,
      }),
    ]);
  });

  it('logs a wrong code as a login_failed by otp of no user', async () => {
    const otpId = await requestCode('wrong-code@example.com');
    const code = mail.codeFor('wrong-code@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await activate(otpId, wrong)).status).toBe(400);

    // The refusal answers without waiting for its entry.
    await vi.waitFor(async () => {
      // By method: the tests share the app and run in any order (the magic-link test logs one too).
      const failed = (await eventsOfApp()).filter((e) => e.type === 'login_failed' && e.method === 'otp');
      expect(failed).toEqual([
        expect.objectContaining({ user_id: null, method: 'otp', ip_addr: '127.0.0.1', user_agent: SAFARI }),
      ]);
    });
  });

  it('logs an unknown magic link as a login_failed by magic_link', async () => {
    const res = await t.call(
      'PATCH',
      path('/magic-link/activate'),
      { magic_link: 'no-such-link' },
      fromSafari,
    );
    expect(res.status).toBe(404);

    await vi.waitFor(async () => {
      const failed = (await eventsOfApp()).filter((e) => e.method === 'magic_link');
      expect(failed).toEqual([expect.objectContaining({ type: 'login_failed', user_id: null })]);
    });
  });
});
