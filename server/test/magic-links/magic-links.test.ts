import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureMessages } from '../support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const CLOSED_APP = 'closedApp00000000000001';

describe('magic links', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  let origin: string;
  const path = (suffix: string, appId = TEST_APP_ID) => `/v1/apps/${appId}${suffix}`;
  const json = async <T>(res: Response) => (await res.json()) as T;

  const send = async (kind: 'login' | 'register', identifier: string, magicLinkPath = '/passage?x=1#top') => {
    const res = await t.call('POST', path(`/${kind}/magic-link`), {
      identifier,
      magic_link_path: magicLinkPath,
      language: 'en',
    });
    expect(res.status).toBe(kind === 'register' ? 201 : 200);
    return (await json<{ magic_link: { id: string } }>(res)).magic_link.id;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get('psg_magic_link') ?? '';
  const activate = (token: string) => t.call('PATCH', path('/magic-link/activate'), { magic_link: token });
  const status = (id: string) => t.call('POST', path('/magic-link/status'), { id });
  /** Registers and activates `who`: each test signs up its own users, so it passes alone or in any order. */
  const signedUp = async (who: string) => {
    await send('register', who);
    expect((await activate(tokenOf(mail.linkFor(who)))).status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, redirect_url: '/dashboard' },
        { id: CLOSED_APP, public_signup: false },
      ],
    });
    mail = captureMessages(t);
    origin = t.baseUrl.replace('127.0.0.1', 'localhost');
  });
  afterAll(() => t.stop());
  // Every test starts with a fresh allowance of sends and sign-ups from the tests' one address.
  beforeEach(async () => {
    await t.server.db.deleteFrom('rate_limits').execute();
  });

  it('registers by link: built from auth_origin + magic_link_path, ≥128-bit token, activation signs in', async () => {
    const id = await send('register', 'Link@Example.com');
    const message = mail.lastTo('link@example.com');
    expect(message).toMatchObject({ kind: 'magic-link', channel: 'email', language: 'en' });
    const link = message.params.link ?? '';
    expect(link.startsWith(`${origin}/passage?x=1&psg_magic_link=`)).toBe(true);
    expect(link.endsWith('#top')).toBe(true);
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await activate(token);
    expect(res.status).toBe(200);
    const { auth_result } = await json<{ auth_result: { auth_token: string; redirect_url: string } }>(res);
    expect(auth_result.redirect_url).toBe('/dashboard');
    const me = await json<{ user: Record<string, unknown> }>(
      await t.call('GET', path('/currentuser'), undefined, {
        authorization: `Bearer ${auth_result.auth_token}`,
      }),
    );
    expect(me.user).toMatchObject({ email: 'link@example.com', email_verified: true, status: 'active' });

    // The requesting device collects its own sign-in by polling, once.
    const polled = await status(id);
    expect(polled.status).toBe(200);
    expect((await json<{ auth_result: { redirect_url: string } }>(polled)).auth_result.redirect_url).toBe(
      '/dashboard',
    );
    expect((await status(id)).status).toBe(404);
  });

  it('answers status 404 magic_link_not_found until the link is activated', async () => {
    await signedUp('pending@example.com');
    const id = await send('login', 'pending@example.com');
    const pending = await status(id);
    expect(pending.status).toBe(404);
    expect((await json<{ code: string }>(pending)).code).toBe('magic_link_not_found');
    expect((await status('unknownLink0000000000000')).status).toBe(404);
    expect((await activate(tokenOf(mail.linkFor('pending@example.com')))).status).toBe(200);
    expect((await status(id)).status).toBe(200);
  });

  it('is single use, also under 20 concurrent activations', async () => {
    await signedUp('single-use@example.com');
    await send('login', 'single-use@example.com');
    const token = tokenOf(mail.linkFor('single-use@example.com'));
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => activate(token).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(19);
  });

  it('expires after 10 minutes with 404', async () => {
    await signedUp('expires@example.com');
    const id = await send('login', 'expires@example.com');
    await t.server.db
      .updateTable('magic_links')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', id)
      .execute();
    const res = await activate(tokenOf(mail.linkFor('expires@example.com')));
    expect(res.status).toBe(404);
    expect((await json<{ code: string }>(res)).code).toBe('magic_link_not_found');
  });

  it('stores only a hash of the token', async () => {
    await signedUp('hashed@example.com');
    const id = await send('login', 'hashed@example.com');
    const token = tokenOf(mail.linkFor('hashed@example.com'));
    const row = await t.server.db
      .selectFrom('magic_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('builds the link from the configured origin, never from the Host header', async () => {
    await signedUp('origin@example.com');
    const res = await t.call(
      'POST',
      path('/login/magic-link'),
      { identifier: 'origin@example.com', magic_link_path: '/' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(res.status).toBe(200);
    expect(new URL(mail.linkFor('origin@example.com')).origin).toBe(origin);
  });

  it('refuses a magic_link_path that leaves the app origin', async () => {
    await signedUp('path@example.com');
    const res = await t.call('POST', path('/login/magic-link'), {
      identifier: 'path@example.com',
      magic_link_path: '//evil.example/steal',
    });
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toContain('magic_link_path');
  });

  it('answers 400 for unknown users on login, existing users on register, bad identifiers; 403 when signup is closed', async () => {
    await signedUp('existing@example.com');
    expect(
      (await t.call('POST', path('/login/magic-link'), { identifier: 'ghost@example.com' })).status,
    ).toBe(400);
    expect(
      (await t.call('POST', path('/register/magic-link'), { identifier: 'existing@example.com' })).status,
    ).toBe(400);
    expect((await t.call('POST', path('/login/magic-link'), { identifier: 'nope' })).status).toBe(400);
    const closed = await t.call('POST', path('/register/magic-link', CLOSED_APP), {
      identifier: 'a@example.com',
    });
    expect(closed.status).toBe(403);
    expect((await json<{ error: string }>(closed)).error).toMatch(/^Public signup/);
    expect((await t.call('PATCH', path('/magic-link/activate'), {})).status).toBe(400);
  });

  it('refuses activation for a user that became inactive', async () => {
    await send('register', 'quit@example.com');
    expect((await activate(tokenOf(mail.linkFor('quit@example.com')))).status).toBe(200);
    await send('login', 'quit@example.com');
    const user = await t.server.identity.users.findByIdentifier(TEST_APP_ID, {
      type: 'email',
      value: 'quit@example.com',
    });
    await t.server.identity.users.setStatus(TEST_APP_ID, user?.id ?? '', 'inactive');
    const res = await activate(tokenOf(mail.linkFor('quit@example.com')));
    expect(res.status).toBe(403);
    expect((await json<{ code: string }>(res)).code).toBe('user_not_active');
  });

  it('limits links per identifier with 429', async () => {
    await signedUp('limited@example.com');
    await t.server.db.deleteFrom('rate_limits').execute(); // the sign-up's link counted too
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.call('POST', path('/login/magic-link'), { identifier: 'limited@example.com' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
