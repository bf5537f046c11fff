import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureMessages } from '../support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

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
  /** Registers and activates `who`: each test signs up its own users, so it passes alone or in any order. */
  const signedUp = async (who: string) => {
    const otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
  };

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
  // Send and signup limits have their own tests below; here every test starts with a fresh allowance.
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').execute();
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
    await signedUp('login@example.com');
    const otpId = await requestCode('login', 'login@example.com');
    expect((await activate(otpId, mail.codeFor('login@example.com'))).status).toBe(200);

    const unknown = await t.call('POST', path('/login/otp'), { identifier: 'ghost@example.com' });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({
      code: 'invalid_request',
      error: expect.stringContaining('No user'),
    });

    const again = await t.call('POST', path('/register/otp'), { identifier: 'login@example.com' });
    expect(again.status).toBe(400);
    expect((await json<{ error: string }>(again)).error).toContain('already exists');
  });

  it('stores only an HMAC of the code, never the code', async () => {
    await signedUp('hmac@example.com');
    const otpId = await requestCode('login', 'hmac@example.com');
    const code = mail.codeFor('hmac@example.com');
    const row = await t.server.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('id', '=', otpId)
      .executeTakeFirstOrThrow();
    expect(row.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('is single use', async () => {
    await signedUp('single-use@example.com');
    const otpId = await requestCode('login', 'single-use@example.com');
    const code = mail.codeFor('single-use@example.com');
    expect((await activate(otpId, code)).status).toBe(200);
    const second = await activate(otpId, code);
    expect(second.status).toBe(400);
    expect((await json<{ code: string }>(second)).code).toBe('invalid_request');
  });

  it('gives exactly one success for 20 concurrent activations of one code', async () => {
    await signedUp('concurrent@example.com');
    const otpId = await requestCode('login', 'concurrent@example.com');
    const code = mail.codeFor('concurrent@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => activate(otpId, code).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
  });

  it('expires after 5 minutes with the same answer as a wrong code', async () => {
    await signedUp('expires@example.com');
    const otpId = await requestCode('login', 'expires@example.com');
    const code = mail.codeFor('expires@example.com');
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

  const budgetOf = async (who: string) => {
    const user = await t.server.identity.users.findByIdentifier(TEST_APP_ID, { type: 'email', value: who });
    return { failures: Number(user?.code_failures), lockedUntil: user?.code_locked_until ?? null };
  };
  const setBudget = (who: string, failures: number, lockedUntil: string | null = null) =>
    t.server.db
      .updateTable('users')
      .set({ code_failures: failures, code_locked_until: lockedUntil })
      .where('email', '=', who)
      .execute();

  it('keeps a per-user failure budget that neither a resend nor time resets; a success does', async () => {
    const who = 'budget@example.com';
    let otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      otpId = await requestCode('login', who);
      for (let i = 0; i < 4; i++) expect((await activate(otpId, wrong(mail.codeFor(who)))).status).toBe(400);
    }
    expect(await budgetOf(who)).toEqual({ failures: 8, lockedUntil: null });
    // The right code signs in and clears the budget.
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    expect(await budgetOf(who)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('pauses codes every tenth wrong one, longer each time, and refuses even the right code meanwhile', async () => {
    const who = 'pause@example.com';
    let otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    await setBudget(who, 19);
    otpId = await requestCode('login', who);
    const before = Date.now();
    expect((await activate(otpId, wrong(mail.codeFor(who)))).status).toBe(400);
    const paused = await budgetOf(who);
    expect(paused.failures).toBe(20);
    // The 20th failure pauses codes for a minute (30 s after the 10th, doubling).
    const pause = Date.parse(paused.lockedUntil ?? '') - before;
    expect(pause).toBeGreaterThan(55_000);
    expect(pause).toBeLessThan(65_000);
    const refused = await activate(otpId, mail.codeFor(who));
    expect(refused.status).toBe(401);
    expect((await json<{ code: string }>(refused)).code).toBe('exceeded_attempts');
    expect((await budgetOf(who)).failures).toBe(20); // a refused try is not checked, so not counted
    // When the pause is over the right code works again and clears the budget.
    await setBudget(who, 20, new Date(Date.now() - 1000).toISOString());
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    expect(await budgetOf(who)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('closes codes at 100 wrong ones until the user signs in another way (101 guesses across resends)', async () => {
    const who = 'hundred@example.com';
    let otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    let checked = 0;
    for (let guess = 0; guess < 101; guess++) {
      if (guess % 5 === 0) {
        await t.server.db.deleteFrom('rate_limits').where('key', 'like', 'send-%').execute();
        otpId = await requestCode('login', who);
      }
      await setBudget(who, (await budgetOf(who)).failures); // skip the pauses, keep the count
      const res = await activate(otpId, wrong(mail.codeFor(who)));
      if (res.status === 400) checked++;
      else expect((await json<{ code: string }>(res)).code).toBe('exceeded_attempts');
    }
    expect(checked).toBe(100);
    expect((await budgetOf(who)).failures).toBe(100);
    await t.server.db.deleteFrom('rate_limits').where('key', 'like', 'send-%').execute();
    otpId = await requestCode('login', who);
    const code = mail.codeFor(who);
    expect((await activate(otpId, code)).status).toBe(401);
    // A sign-in with a magic link (another way) reopens codes.
    const link = await t.call('POST', path('/login/magic-link'), { identifier: who, magic_link_path: '/' });
    expect(link.status).toBe(200);
    const token = new URL(mail.lastTo(who).params.link ?? '').searchParams.get('psg_magic_link');
    expect((await t.call('PATCH', path('/magic-link/activate'), { magic_link: token })).status).toBe(200);
    expect((await budgetOf(who)).failures).toBe(0);
    expect((await activate(otpId, code)).status).toBe(200);
  });

  it('charges concurrent wrong guesses against the budget before checking them', async () => {
    const who = 'concurrent-budget@example.com';
    const otpId = await requestCode('register', who);
    expect((await activate(otpId, mail.codeFor(who))).status).toBe(200);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await requestCode('login', who));
    await setBudget(who, 96);
    const guesses = ids.flatMap((id) =>
      Array.from({ length: 5 }, (_, g) => [id, String(g).padStart(6, '0')]),
    );
    const statuses = await Promise.all(guesses.map(([id, g]) => activate(id!, g!).then((r) => r.status)));
    // 4 tries were left in the budget: at most 4 guesses were checked, the rest refused unchecked.
    expect(statuses.filter((s) => s !== 401).length).toBeLessThanOrEqual(4);
    expect((await budgetOf(who)).failures).toBeLessThanOrEqual(100);
  });

  it('binds a code to its own id: the code of one request does not open another', async () => {
    await signedUp('bound@example.com');
    const first = await requestCode('login', 'bound@example.com');
    const firstCode = mail.codeFor('bound@example.com');
    const second = await requestCode('login', 'bound@example.com');
    const secondCode = mail.codeFor('bound@example.com');
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
  // Each test starts with the full allowance of the address all test requests come from.
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').execute();
  });

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
    for (let i = 0; i < 35; i++) {
      const res = await t.call('POST', `/v1/apps/${TEST_APP_ID}/register/otp`, {
        identifier: `ip${i}@example.com`,
      });
      statuses.push(res.status);
    }
    // 30 allowed per address, each to a new identifier (under its own limit of 5).
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });
});
