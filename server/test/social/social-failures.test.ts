import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SocialProviders, startSocialProviders } from '../../../test-support/social-providers/index.js';
import { loadConfig } from '../../src/config/config.js';
import type { AppSettings } from '../../src/apps/app-settings.js';
import { providerAddressProblem, unreachableProviders } from '../../src/social/provider-addresses.js';
import { pkcePair, SocialTestBrowser } from '../support/social-browser.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const APP_ID = 'socialFail00000000000001';
const CLOSED_APP_ID = 'socialClosed000000000001';
const EMAIL_APP_ID = 'socialEmail0000000000001';

/**
 * Every way a social sign-in can fail ends on a clear view: back on the page with `error`,
 * `error_description` and the page's `state`, or (when the server cannot know the page) a page of the
 * server's own. Each check below would pass a server that skipped it only if the failure went unnoticed.
 */
describe('social sign-in failures', () => {
  let providers: SocialProviders;
  let t: RunningTestServer;
  const origin = () => t.baseUrl.replace('127.0.0.1', 'localhost');
  const page = () => `${origin()}/login`;
  const callbackPrefix = (appId = APP_ID) => `${origin()}/v1/apps/${appId}/social/oauth2_callback`;

  beforeAll(async () => {
    providers = await startSocialProviders();
    const broken = {
      type: 'broken',
      name: 'Broken ID',
      client_id: 'x',
      client_secret: 'y',
      // A closed port: discovery cannot reach it.
      issuer: 'http://127.0.0.1:9/',
    };
    t = await startTestServer({
      apps: [
        { id: APP_ID, name: 'Fail shop', social_providers: [...providers.settings(), broken] },
        {
          id: CLOSED_APP_ID,
          name: 'Closed shop',
          public_signup: false,
          social_providers: providers.settings(['google']),
        },
        {
          id: EMAIL_APP_ID,
          name: 'Email shop',
          required_identifier: 'email',
          social_providers: providers.settings(['google']),
        },
      ],
    });
  });
  afterAll(async () => {
    await t.stop();
    await providers.stop();
  });
  beforeEach(() => providers.reset());

  function authorizeUrl(
    type: string,
    options: { appId?: string; redirectUri?: string; challenge?: string } = {},
  ) {
    const query = new URLSearchParams({
      redirect_uri: options.redirectUri ?? page(),
      state: '4242',
      code_challenge: options.challenge ?? pkcePair().challenge,
      code_challenge_method: 'S256',
      connection_type: type,
    });
    return `${origin()}/v1/apps/${options.appId ?? APP_ID}/social/authorize?${query}`;
  }

  /** Runs a sign-in to its end on the page; answers the page's query. */
  async function outcome(type: string, appId = APP_ID) {
    const landing = await new SocialTestBrowser(page()).navigate(authorizeUrl(type, { appId }));
    expect(landing.url.href.startsWith(page()), `${landing.url.href} ${landing.body}`).toBe(true);
    return Object.fromEntries(landing.url.searchParams);
  }

  /** Runs a sign-in up to the provider's return, which is not followed: answers the callback URL and browser. */
  async function atCallback(type = 'google') {
    const browser = new SocialTestBrowser(callbackPrefix());
    const { verifier, challenge } = pkcePair();
    const landing = await browser.navigate(authorizeUrl(type, { challenge }));
    expect(landing.url.href.startsWith(callbackPrefix())).toBe(true);
    return { callback: landing.url.href, browser, verifier };
  }

  it('comes back with access_denied when the user declines, at an OpenID provider and at GitHub', async () => {
    for (const type of ['google', 'github', 'apple'] as const) {
      providers[type].deny = true;
      const back = await outcome(type);
      expect(back).toEqual({
        error: 'access_denied',
        error_description: 'You declined to share your account. Nothing was changed.',
        state: '4242',
      });
    }
  });

  it('comes back with provider_error when the token endpoint fails or the provider cannot be reached', async () => {
    for (const type of ['google', 'github'] as const) {
      providers[type].failToken = true;
      const back = await outcome(type);
      expect(back.error).toBe('provider_error');
      // Fixed words: what the provider said stays in the log.
      expect(back.error_description).toBe(
        `${type === 'google' ? 'Google' : 'GitHub'} could not complete the sign-in. Please try again.`,
      );
      expect(back.state).toBe('4242');
    }
    const unreachable = await outcome('broken');
    expect(unreachable).toEqual({
      error: 'provider_error',
      error_description: 'Broken ID cannot be reached just now. Please try again later.',
      state: '4242',
    });
  });

  it('refuses an id_token with another nonce, issuer or audience, or a forged signature (invalid_response)', async () => {
    for (const [claim, value] of [
      ['nonce', 'someone-elses-nonce'],
      ['iss', 'https://evil.example'],
      ['aud', 'another-client'],
      // Signed with a key the provider's JWKS does not hold: the signature is checked, not only the claims.
      ['forge', true],
    ] as const) {
      providers.google.tamper = { [claim]: value };
      const back = await outcome('google');
      expect(back.error, claim).toBe('invalid_response');
      expect(back.error_description).toBe("Google's answer failed a security check. Please try again.");
    }
  });

  it('shows its own page for a tampered or replayed state, and never exchanges a code twice', async () => {
    const { callback, browser } = await atCallback();
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const refused = await browser.navigate(tampered.href, page());
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('<h1>Sign-in expired</h1>');
    // The tampered state consumed nothing: the real one still works once.
    const exchanges = providers.google.tokenRequests;
    const followed = await browser.navigate(callback, page());
    expect(followed.url.searchParams.get('code')).toBeTruthy();
    expect(providers.google.tokenRequests).toBe(exchanges + 1);
    const replay = await browser.navigate(callback, page());
    expect(replay.status).toBe(400);
    expect(replay.body).toContain('unknown, expired or was already finished');
    expect(providers.google.tokenRequests).toBe(exchanges + 1);
    // A script (not a navigation) reads the refusal as JSON.
    const api = await t.call('GET', new URL(callback).pathname + new URL(callback).search);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { code: string }).code).toBe('invalid_request');
  });

  it('comes back with invalid_state when the callback reaches another browser (no binding cookie)', async () => {
    const { callback } = await atCallback('github');
    const elsewhere = await new SocialTestBrowser(page()).navigate(callback);
    expect(Object.fromEntries(elsewhere.url.searchParams)).toEqual({
      error: 'invalid_state',
      error_description:
        'This sign-in was started in another browser (or its cookie was blocked). Please start again here.',
      state: '4242',
    });
  });

  it('lets a flow and its code live a short while only', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const { callback, browser } = await atCallback();
    // The flow (10 minutes) ran out while the user was at the provider.
    await t.server.db.updateTable('social_flows').set({ expires_at: past }).execute();
    const late = await browser.navigate(callback, page());
    expect(Object.fromEntries(late.url.searchParams)).toEqual({
      error: 'invalid_state',
      error_description: 'This sign-in took too long and has expired. Please start again.',
      state: '4242',
    });
    // The code (5 minutes) ran out before the page exchanged it.
    const second = await atCallback();
    const back = await second.browser.navigate(second.callback, page());
    await t.server.db.updateTable('social_codes').set({ expires_at: past }).execute();
    const code = back.url.searchParams.get('code') ?? '';
    const res = await t.call(
      'GET',
      `/v1/apps/${APP_ID}/social/token?code=${code}&verifier=${second.verifier}`,
    );
    expect(res.status).toBe(400);
  });

  it('exchanges a code once, and only with its verifier', async () => {
    const token = (code: string, verifier: string) =>
      t.call('GET', `/v1/apps/${APP_ID}/social/token?code=${code}&verifier=${verifier}`);
    const { callback, browser, verifier } = await atCallback();
    const back = await browser.navigate(callback, page());
    const code = back.url.searchParams.get('code') ?? '';
    const wrong = await token(code, pkcePair().verifier);
    expect(wrong.status).toBe(400);
    // The wrong verifier spent the code: the right one comes too late.
    expect((await token(code, verifier)).status).toBe(400);

    const second = await atCallback();
    const again = await second.browser.navigate(second.callback, page());
    const code2 = again.url.searchParams.get('code') ?? '';
    expect((await token(code2, second.verifier)).status).toBe(201);
    const replayed = await token(code2, second.verifier);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({
      code: 'invalid_request',
      error: 'This sign-in code is unknown, expired, already used, or does not match its verifier.',
    });
  });

  it('refuses a redirect_uri outside the app origin and an unknown provider, without redirecting', async () => {
    for (const redirectUri of ['https://evil.example/login', 'javascript:alert(1)', '/login']) {
      const res = await fetch(authorizeUrl('google', { redirectUri }), { redirect: 'manual' });
      expect(res.status, redirectUri).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(((await res.json()) as { error: string }).error).toMatch(/redirect_uri/);
    }
    const unknown = await fetch(authorizeUrl('myspace'), { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: 'social_connection_not_found',
      error: 'Fail shop has no myspace social connection configured.',
    });
  });

  it('never takes over an account whose email is unverified here or at the provider', async () => {
    const { users } = t.server.identity;
    // Unverified here: the provider's verified email does not take the account.
    const unverifiedHere = providers.google.user;
    const pending = await users.createActive(APP_ID, { email: unverifiedHere.email, phone: null }, {});
    expect(await outcome('google')).toMatchObject({ error: 'account_exists', state: '4242' });
    // Unverified at the provider, verified here: the email is ignored, a new user without it is made.
    providers.github.user = { ...providers.github.user, email_verified: false };
    const verified = await users.createActive(
      APP_ID,
      { email: providers.github.user.email, phone: null },
      {},
    );
    await users.confirmIdentifier(APP_ID, verified!.id, 'email');
    const apart = await outcome('github');
    expect(apart.code).toBeTruthy();
    expect(await t.server.identity.socialConnections.forUser(APP_ID, verified!.id)).toEqual({});
    const apartUser = await t.server.db
      .selectFrom('social_connections')
      .select('user_id')
      .where('app_id', '=', APP_ID)
      .where('type', '=', 'github')
      .where('provider_identifier', '=', verified!.email!)
      .executeTakeFirstOrThrow();
    expect((await users.findById(APP_ID, apartUser.user_id))!.email).toBeNull();
    // Verified on both sides: the provider is linked to the existing user.
    providers.github.reset();
    providers.github.user = { ...providers.github.user, email: verified!.email!, email_verified: true };
    const linked = await outcome('github');
    expect(linked.code).toBeTruthy();
    const connections = await t.server.identity.socialConnections.forUser(APP_ID, verified!.id);
    expect(Object.keys(connections)).toEqual(['github']);
    expect(await t.server.identity.socialConnections.forUser(APP_ID, pending!.id)).toEqual({});
  });

  it('never puts an email the provider did not verify on a new user (pre-account takeover)', async () => {
    const { users } = t.server.identity;
    providers.google.user = { ...providers.google.user, email_verified: false };
    const email = providers.google.user.email;
    // An app that needs an email refuses; it never creates the user with the unverified address.
    const refused = await outcome('google', EMAIL_APP_ID);
    expect(refused).toMatchObject({ error: 'not_allowed', state: '4242' });
    expect(refused.error_description).toMatch(/needs a verified email address/);
    expect(await users.findByIdentifier(EMAIL_APP_ID, { type: 'email', value: email })).toBeUndefined();
    // An app that takes either identifier makes the user without it: the address stays free for its owner.
    providers.google.reset();
    providers.google.user = { ...providers.google.user, email, email_verified: false };
    expect((await outcome('google')).code).toBeTruthy();
    expect(await users.findByIdentifier(APP_ID, { type: 'email', value: email })).toBeUndefined();
  });

  it('keeps a provider email as every identifier here (trimmed, NFC), and an invalid one as none', async () => {
    const { users } = t.server.identity;
    const local = `e\u0301va-${Date.now()}`;
    providers.google.user = { ...providers.google.user, email: ` ${local.toUpperCase()}@Example.COM ` };
    expect((await outcome('google')).code).toBeTruthy();
    const normal = `${local.normalize('NFC')}@example.com`;
    expect((await users.findByIdentifier(APP_ID, { type: 'email', value: normal }))?.email_verified).toBe(1);
    // A zero-width space makes another address that looks the same: no email at all, not that one.
    providers.github.user = { ...providers.github.user, email: `ada\u200b${Date.now()}@example.com` };
    expect((await outcome('github')).code).toBeTruthy();
    const rows = await t.server.db
      .selectFrom('users')
      .select('email')
      .where('app_id', '=', APP_ID)
      .where('email', 'like', 'ada%')
      .execute();
    expect(rows).toEqual([]);
  });

  it('calls no provider on plain http, this machine or a private network unless allowed', async () => {
    const strict = await startTestServer({
      env: { SOCIAL_LOCAL_PROVIDERS: 'false' },
      apps: [{ id: APP_ID, name: 'Strict shop', social_providers: providers.settings(['google', 'github']) }],
    });
    try {
      const strictOrigin = strict.baseUrl.replace('127.0.0.1', 'localhost');
      for (const type of ['google', 'github']) {
        const start = authorizeUrl(type, { redirectUri: `${strictOrigin}/login` }).replace(
          origin(),
          strictOrigin,
        );
        const landing = await new SocialTestBrowser(`${strictOrigin}/login`).navigate(start);
        expect(landing.url.searchParams.get('error'), type).toBe('provider_error');
        expect(landing.url.searchParams.get('error_description')).toMatch(/cannot be reached just now/);
      }
    } finally {
      await strict.stop();
    }
    expect(providerAddressProblem('https://accounts.google.com', false)).toBeNull();
    expect(providerAddressProblem('https://8.8.8.8/oauth', false)).toBeNull();
    expect(providerAddressProblem('https://[::ffff:8.8.8.8]/oauth', false)).toBeNull();
    for (const url of [
      'http://idp.example',
      'https://localhost:8443',
      'https://a.localhost',
      'https://127.0.0.1',
      'https://10.1.2.3',
      'https://172.20.0.1',
      'https://192.168.1.1',
      'https://169.254.169.254/latest',
      'https://100.64.0.1',
      'https://0.0.0.0',
      'https://[::1]',
      'https://[fd00::1]',
      'https://[fe80::1]',
      'https://[::ffff:10.0.0.1]',
      'https://2130706433',
      'https://LOCALHOST.',
      'https://203.0.113.7',
    ]) {
      expect(providerAddressProblem(url, false), url).not.toBeNull();
      expect(providerAddressProblem(url, true), url).toBeNull();
    }
    // Said at start, for every configured endpoint the server will refuse to call.
    const app = {
      id: 'startApp0000000000000001',
      name: 'Start',
      social_providers: [
        { type: 'google', client_id: 'g', client_secret: 's' },
        { type: 'localidp', name: 'Local', client_id: 'l', issuer: 'http://127.0.0.1:9098' },
      ],
    } as unknown as AppSettings;
    expect(unreachableProviders([app], false)).toEqual([
      'app "Start" (startApp0000000000000001), provider localidp: http://127.0.0.1:9098 is not https',
    ]);
    expect(unreachableProviders([app], true)).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).socialLocalProviders).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).socialLocalProviders).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SOCIAL_LOCAL_PROVIDERS: 'true' }).socialLocalProviders).toBe(
      true,
    );
    expect(() => loadConfig({ SOCIAL_LOCAL_PROVIDERS: 'yes' })).toThrow(
      'SOCIAL_LOCAL_PROVIDERS must be true or false',
    );
  });

  it('limits the sign-ins started and the sign-ups from one address', async () => {
    // 0.05 of the limits: 3 starts (of 60) and 2 sign-ups (of 30) per 10 minutes.
    const limited = await startTestServer({
      env: { RATE_LIMIT_FACTOR: '0.05' },
      apps: [{ id: APP_ID, name: 'Limited shop', social_providers: providers.settings(['google']) }],
    });
    try {
      const limitedOrigin = limited.baseUrl.replace('127.0.0.1', 'localhost');
      const start = () =>
        authorizeUrl('google', { redirectUri: `${limitedOrigin}/login` }).replace(origin(), limitedOrigin);
      const landings = [];
      for (let i = 0; i < 3; i++) {
        providers.google.reset();
        landings.push(await new SocialTestBrowser(`${limitedOrigin}/login`).navigate(start()));
      }
      const outcomes = landings.map(
        (landing) => landing.url.searchParams.get('code') ?? landing.url.searchParams.get('error'),
      );
      expect(outcomes[0]).not.toBe('not_allowed');
      expect(outcomes[1]).not.toBe('not_allowed');
      expect(landings[2]!.url.searchParams.get('error')).toBe('not_allowed');
      expect(landings[2]!.url.searchParams.get('error_description')).toMatch(
        /^Too many sign-ups from this address/,
      );
      const refused = await fetch(start(), { redirect: 'manual' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await refused.json()) as { code: string }).code).toBe('too_many_requests');
    } finally {
      await limited.stop();
    }
  });

  it('signs no one up when the app takes no sign-ups, and no inactive user in', async () => {
    expect(await outcome('google', CLOSED_APP_ID)).toMatchObject({
      error: 'not_allowed',
      error_description: 'Closed shop does not take new sign-ups.',
    });
    const first = await outcome('acme');
    expect(first.code).toBeTruthy();
    const { socialConnections, users } = t.server.identity;
    const connection = await socialConnections.findByIdentity(APP_ID, 'acme', providers.acme.user.sub);
    await users.setStatus(APP_ID, connection!.user_id, 'inactive');
    expect(await outcome('acme')).toMatchObject({ error: 'not_allowed' });
  });
});
