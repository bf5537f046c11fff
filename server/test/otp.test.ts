import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limitKeys } from '../src/security/limits.js';
import { captureMessages } from './support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';

const CLOSED_APP = 'closedApp00000000000001';
const PHONE_APP = 'phoneApp000000000000001';

describe('one-time codes', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const path = (suffix: string, appId = TEST_APP_ID) => `/v1/apps/${appId}${suffix}`;
  const json = async <T>(res: Response) => (await res.json()) as T;

  const requestCode = async (kind: 'login' | 'register', identifier: string, appId = TEST_APP_ID) => {
    const res = await t.call('POST', path(`/${kind}/otp`, appId), { identifier, language: 'de-CH' });
    expect(res.status).toBe(201);
    return (await json<{ otp_id: string }>(res)).otp_id;
  };
  const activate = (otp_id: string, otp: string, appId = TEST_APP_ID) =>
    t.call('POST', path('/otp/activate', appId), { otp, otp_id });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, redirect_url: '/welcome' },
        { id: CLOSED_APP, public_signup: false },
        { id: PHONE_APP, allowed_identifier: 'phone' },
      ],
    });
    mail = captureMessages(t);
  });
  afterAll(() => t.stop());
  // Send limits have their own tests below; here every test starts with a fresh allowance.
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').where('key', 'like', 'send-%').execute();
  });

  it('registers with a code: pending user, 6-digit code by email, activation gives tokens and an active verified user', async () => {
    const otpId = await requestCode('register', 'New@Example.com');
    expect(otpId).toMatch(/^[A-Za-z0-9]{24}$/);
    const message = mail.lastTo('new@example.com');
    expect(message).toMatchObject({
      appId: TEST_APP_ID,
      channel: 'email',
      kind: 'one-time-code',
      language: 'de',
    });
    expect(message.params.code).toMatch(/^\d{6}$/);

    const pending = await json<{ user: { status: string } }>(
      await t.call('GET', path('/users?identifier=new%40example.com')),
    );
    expect(pending.user.status).toBe('pending');

    const res = await activate(otpId, mail.codeFor('new@example.com'));
    expect(res.status).toBe(200);
    const { auth_result } = await json<{ auth_result: Record<string, unknown> }>(res);
    expect(auth_result).toMatchObject({ redirect_url: '/welcome', auth_token: expect.any(String) });
    const me = await json<{ user: Record<string, unknown> }>(
      await t.call('GET', path('/currentuser'), undefined, {
        authorization: `Bearer ${String(auth_result.auth_token)}`,
      }),
    );
    expect(me.user).toMatchObject({
      email: 'new@example.com',
      email_verified: true,
      status: 'active',
      login_count: 1,
    });
  });

  it('logs in with a code, and refuses login for unknown users and register for existing ones', async () => {
    const otpId = await requestCode('login', 'new@example.com');
    expect((await activate(otpId, mail.codeFor('new@example.com'))).status).toBe(200);

    const unknown = await t.call('POST', path('/login/otp'), { identifier: 'ghost@example.com' });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({
      code: 'invalid_request',
      error: expect.stringContaining('No user'),
    });

    const again = await t.call('POST', path('/register/otp'), { identifier: 'new@example.com' });
    expect(again.status).toBe(400);
    expect((await json<{ error: string }>(again)).error).toContain('already exists');
  });

  it('stores only an HMAC of the code, never the code', async () => {
    const otpId = await requestCode('login', 'new@example.com');
    const code = mail.codeFor('new@example.com');
    const row = await t.server.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('id', '=', otpId)
      .executeTakeFirstOrThrow();
    expect(row.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('is single use', async () => {
    const otpId = await requestCode('login', 'new@example.com');
    const code = mail.codeFor('new@example.com');
    expect((await activate(otpId, code)).status).toBe(200);
    const second = await activate(otpId, code);
    expect(second.status).toBe(400);
    expect((await json<{ code: string }>(second)).code).toBe('invalid_request');
  });

  it('gives exactly one success for 20 concurrent activations of one code', async () => {
    const otpId = await requestCode('login', 'new@example.com');
    const code = mail.codeFor('new@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => activate(otpId, code).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
  });

  it('expires after 5 minutes with the same answer as a wrong code', async () => {
    const otpId = await requestCode('login', 'new@example.com');
    const code = mail.codeFor('new@example.com');
    await t.server.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', otpId)
      .execute();
    const res = await activate(otpId, code);
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual(await json(await activate(otpId, wrong(code))));
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    await requestCode('register', 'brute@example.com');
    const otpId = await requestCode('login', 'brute@example.com');
    const code = mail.codeFor('brute@example.com');
    for (let i = 0; i < 5; i++) expect((await activate(otpId, wrong(code))).status).toBe(400);
    const res = await activate(otpId, code);
    expect(res.status).toBe(401);
    expect((await json<{ code: string }>(res)).code).toBe('exceeded_attempts');
  });

  it('counts at most 5 tries per code even when 30 wrong guesses arrive at once', async () => {
    await requestCode('register', 'burst@example.com');
    const otpId = await requestCode('login', 'burst@example.com');
    const code = mail.codeFor('burst@example.com');
    const guesses = Array.from({ length: 30 }, (_, i) => String(i).padStart(6, '0')).filter(
      (g) => g !== code,
    );
    const statuses = await Promise.all(guesses.map((g) => activate(otpId, g).then((r) => r.status)));
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(guesses.length - 5);
    const row = await t.server.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('id', '=', otpId)
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(5);
  });

  it('keeps a per-user failure budget that a resend does not reset; a success resets it', async () => {
    const who = 'budget@example.com';
    let otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    // 10 wrong tries over two codes use up the budget…
    for (let round = 0; round < 2; round++) {
      otpId = await requestCode('login', who);
      for (let i = 0; i < 5; i++) expect((await activate(otpId, wrong(mail.codeFor(who)))).status).toBe(400);
    }
    // …so even the right code of a fresh one is refused.
    await t.server.db.deleteFrom('rate_limits').where('key', 'like', 'send-%').execute();
    otpId = await requestCode('login', who);
    const refused = await activate(otpId, mail.codeFor(who));
    expect(refused.status).toBe(401);
    expect((await json<{ code: string }>(refused)).code).toBe('exceeded_attempts');

    // Once the window is over the right code works again…
    await t.server.db
      .updateTable('rate_limits')
      .set({ window_start: '2000-01-01T00:00:00.000Z' })
      .where('key', 'like', 'otp-fail:%')
      .execute();
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    // …and a success wipes the failures counted so far.
    otpId = await requestCode('login', who);
    for (let i = 0; i < 3; i++) expect((await activate(otpId, wrong(mail.codeFor(who)))).status).toBe(400);
    const user = await t.server.identity.users.findByIdentifier(TEST_APP_ID, { type: 'email', value: who });
    const budget = () =>
      t.server.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', limitKeys.codeFailures(TEST_APP_ID, user?.id ?? ''))
        .execute();
    expect(Number((await budget())[0]?.hits)).toBe(3);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    const left = await budget();
    expect(left).toHaveLength(0);
  });

  it('binds a code to its own id: the code of one request does not open another', async () => {
    const first = await requestCode('login', 'new@example.com');
    const firstCode = mail.codeFor('new@example.com');
    const second = await requestCode('login', 'new@example.com');
    const secondCode = mail.codeFor('new@example.com');
    if (firstCode !== secondCode) expect((await activate(second, firstCode)).status).toBe(400);
    expect((await activate(first, firstCode)).status).toBe(200);
  });

  it('answers 400 for an unknown otp_id and for malformed bodies', async () => {
    expect((await activate('doesNotExist000000000000', '123456')).status).toBe(400);
    const missing = await t.call('POST', path('/otp/activate'), { otp: '123456' });
    expect(missing.status).toBe(400);
    expect((await json<{ error: string }>(missing)).error).toContain('otp_id');
    const bad = await t.call('POST', path('/login/otp'), { identifier: 'not an email' });
    expect(bad.status).toBe(400);
  });

  it('refuses users that are inactive with 403 user_not_active', async () => {
    const otpId = await requestCode('register', 'gone@example.com');
    expect((await activate(otpId, mail.codeFor('gone@example.com'))).status).toBe(200);
    const user = await t.server.identity.users.findByIdentifier(TEST_APP_ID, {
      type: 'email',
      value: 'gone@example.com',
    });
    const loginId = await requestCode('login', 'gone@example.com');
    await t.server.identity.users.setStatus(TEST_APP_ID, user?.id ?? '', 'inactive');
    const res = await activate(loginId, mail.codeFor('gone@example.com'));
    expect(res.status).toBe(403);
    expect((await json<{ code: string }>(res)).code).toBe('user_not_active');
    const send = await t.call('POST', path('/login/otp'), { identifier: 'gone@example.com' });
    expect(send.status).toBe(403);
  });

  it('enforces public_signup on register', async () => {
    const res = await t.call('POST', path('/register/otp', CLOSED_APP), { identifier: 'x@example.com' });
    expect(res.status).toBe(403);
    expect((await json<{ error: string }>(res)).error).toMatch(/^Public signup/);
  });

  it('sends codes for phone numbers by SMS to the E.164 number', async () => {
    const otpId = await requestCode('register', '+44 20 7946 0958', PHONE_APP);
    expect(mail.lastTo('+442079460958')).toMatchObject({ channel: 'sms', kind: 'one-time-code' });
    const res = await activate(otpId, mail.codeFor('+442079460958'), PHONE_APP);
    expect(res.status).toBe(200);
  });
});

describe('one-time codes: send limits', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  it('limits codes per identifier with 429 and a clear error', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.call('POST', `/v1/apps/${TEST_APP_ID}/register/otp`, {
        identifier: 'flood@example.com',
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const body = (await last?.json()) as { code: string; error: string };
    expect(body.code).toBe('too_many_requests');
    expect(body.error).toMatch(
      /Too many codes or links were sent to this identifier\. Try again in \d+ seconds\./,
    );
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits codes per IP across identifiers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.call('POST', `/v1/apps/${TEST_APP_ID}/register/otp`, {
        identifier: `ip${i}@example.com`,
      });
      statuses.push(res.status);
    }
    // 7 requests of the previous test came from the same address: 30 allowed in all.
    expect(statuses.filter((s) => s === 201)).toHaveLength(23);
    expect(statuses.slice(23).every((s) => s === 429)).toBe(true);
  });
});
