import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SocialProviders, startSocialProviders } from '../../../test-support/social-providers/index.js';
import { newApiKey } from '../support/api-key.js';
import { signedInUser } from '../support/signed-in-user.js';
import { pkcePair, SocialTestBrowser } from '../support/social-browser.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const APP_ID = 'socialLink00000000000001';
/** An app with no code or link fallback: a provider may be a user's only way in. */
const ONLY_APP_ID = 'socialOnly00000000000001';
const ADMIN_KEY = 'admin-key-for-social-tests-0123456789';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Linking and unlinking providers, the user objects that show them, their settings and their import. */
describe('social connections', () => {
  let providers: SocialProviders;
  let t: RunningTestServer;
  const origin = () => t.baseUrl.replace('127.0.0.1', 'localhost');
  const page = () => `${origin()}/profile`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    providers = await startSocialProviders();
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [
        { id: APP_ID, name: 'Link shop', social_providers: providers.settings() },
        {
          id: ONLY_APP_ID,
          name: 'Only shop',
          auth_fallback_method: 'none',
          social_providers: providers.settings(['google', 'github']),
        },
      ],
    });
  });
  afterAll(async () => {
    await t.stop();
    await providers.stop();
  });
  beforeEach(() => providers.reset());

  /** Follows `start` to the page and exchanges the code it brings: the auth token. */
  async function finish(appId: string, start: string, verifier: string): Promise<string> {
    const landing = await new SocialTestBrowser(page()).navigate(start);
    const code = landing.url.searchParams.get('code');
    expect(code, landing.url.href).toBeTruthy();
    const res = await t.call('GET', `/v1/apps/${appId}/social/token?code=${code}&verifier=${verifier}`);
    expect(res.status).toBe(201);
    return ((await res.json()) as Json).auth_result.auth_token as string;
  }

  async function socialSignIn(appId: string, type: string): Promise<string> {
    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({
      redirect_uri: page(),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      connection_type: type,
    });
    return finish(appId, `${origin()}/v1/apps/${appId}/social/authorize?${query}`, verifier);
  }

  /** Links `type` to the user of `token` from the profile: the call, the URL it answers, the way back. */
  async function link(appId: string, token: string, type: string) {
    const { verifier, challenge } = pkcePair();
    const res = await t.call(
      'POST',
      `/v1/apps/${appId}/currentuser/social-connections/link`,
      {
        connection_type: type,
        redirect_uri: page(),
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: '7',
      },
      bearer(token),
    );
    return { res, verifier };
  }

  const connections = async (appId: string, token: string) => {
    const res = await t.call(
      'GET',
      `/v1/apps/${appId}/currentuser/social-connections/`,
      undefined,
      bearer(token),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).social_connections as Json;
  };

  it('links a provider from the profile, lists it, signs the same user in with it, and unlinks it', async () => {
    const email = `linker-${Date.now()}@example.com`;
    const { userId, auth } = await signedInUser(t, APP_ID, email);
    const { res, verifier } = await link(APP_ID, auth.auth_token, 'github');
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${origin()}/v1/apps/${APP_ID}/social/authorize/link\\?token=`));
    const linkedToken = await finish(APP_ID, url, verifier);
    // The way back signs the same user in.
    const me = await t.call('GET', `/v1/apps/${APP_ID}/currentuser`, undefined, bearer(linkedToken));
    expect(((await me.json()) as Json).user.id).toBe(userId);
    const listed = await connections(APP_ID, auth.auth_token);
    expect(listed).toEqual({
      github: {
        provider_id: expect.any(String),
        provider_identifier: providers.github.user.email,
        created_at: expect.stringMatching(/Z$/),
        last_login_at: expect.stringMatching(/Z$/),
      },
    });
    // A link URL works once.
    const reused = await new SocialTestBrowser(page()).navigate(url);
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('Link expired');
    // Signing in with GitHub now finds this user.
    const again = await socialSignIn(APP_ID, 'github');
    const meAgain = await t.call('GET', `/v1/apps/${APP_ID}/currentuser`, undefined, bearer(again));
    expect(((await meAgain.json()) as Json).user.id).toBe(userId);

    const remove = await t.call(
      'DELETE',
      `/v1/apps/${APP_ID}/currentuser/social-connections/github`,
      undefined,
      {
        ...bearer(auth.auth_token),
        'content-type': 'application/json',
      },
    );
    expect(remove.status).toBe(200);
    expect(await connections(APP_ID, auth.auth_token)).toEqual({});
    const events = await t.server.identity.events.recentForUser(APP_ID, userId, 10);
    expect(events.map((event) => [event.type, event.method])).toEqual(
      expect.arrayContaining([
        ['social_linked', null],
        ['social_unlinked', null],
        ['login', 'social'],
      ]),
    );
  });

  it('links nothing for whoever opens a link URL: only the page with the verifier commits the link', async () => {
    const attacker = await signedInUser(t, APP_ID, `attacker-${Date.now()}@example.com`);
    const { res, verifier } = await link(APP_ID, attacker.auth.auth_token, 'github');
    const { url } = (await res.json()) as { url: string };
    // The victim's browser opens the attacker's URL; the provider comes back without a prompt.
    const landing = await new SocialTestBrowser(page()).navigate(url);
    const code = landing.url.searchParams.get('code');
    expect(code, landing.url.href).toBeTruthy();
    expect(await connections(APP_ID, attacker.auth.auth_token)).toEqual({});
    // Without the verifier of the page that asked, the code links nothing (and is then spent).
    const wrong = await t.call(
      'GET',
      `/v1/apps/${APP_ID}/social/token?code=${code}&verifier=${'v'.repeat(43)}`,
    );
    expect(wrong.status).toBe(400);
    const late = await t.call('GET', `/v1/apps/${APP_ID}/social/token?code=${code}&verifier=${verifier}`);
    expect(late.status).toBe(400);
    expect(await connections(APP_ID, attacker.auth.auth_token)).toEqual({});
  });

  it('refuses to link an identity another user holds (connection_in_use) and a provider the app lacks', async () => {
    const holder = await socialSignIn(APP_ID, 'google');
    expect(holder).toBeTruthy();
    const { auth } = await signedInUser(t, APP_ID, `second-${Date.now()}@example.com`);
    const { res, verifier } = await link(APP_ID, auth.auth_token, 'google');
    const { url } = (await res.json()) as { url: string };
    // The link is made (or refused) only when the page that asked exchanges the code with its verifier.
    const landing = await new SocialTestBrowser(page()).navigate(url);
    expect(landing.url.searchParams.get('state')).toBe('7');
    const code = landing.url.searchParams.get('code');
    const refused = await t.call('GET', `/v1/apps/${APP_ID}/social/token?code=${code}&verifier=${verifier}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'connection_in_use',
      error: 'This account of the provider is already linked to another user.',
    });
    expect(await connections(APP_ID, auth.auth_token)).toEqual({});
    const missing = await link(
      ONLY_APP_ID,
      (await signedInUser(t, ONLY_APP_ID, `x-${Date.now()}@example.com`)).auth.auth_token,
      'apple',
    );
    expect(missing.res.status).toBe(404);
    const anonymous = await t.call('POST', `/v1/apps/${APP_ID}/currentuser/social-connections/link`, {
      connection_type: 'google',
      redirect_uri: page(),
      code_challenge: 'x',
      code_challenge_method: 'S256',
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers false, not an error, when the unique index decides a race for one identity', async () => {
    const repository = t.server.identity.socialConnections;
    const first = await signedInUser(t, APP_ID, `race-a-${Date.now()}@example.com`);
    const second = await signedInUser(t, APP_ID, `race-b-${Date.now()}@example.com`);
    const identity = { providerId: `race-${Date.now()}`, identifier: 'race@example.com' };
    expect(await repository.link(APP_ID, first.userId, 'github', identity)).toBe(true);
    // The second link looked before the first was committed: it found no holder.
    const looked = vi.spyOn(repository, 'findByIdentity').mockResolvedValueOnce(undefined);
    try {
      expect(await repository.link(APP_ID, second.userId, 'github', identity)).toBe(false);
    } finally {
      looked.mockRestore();
    }
    expect(Object.keys(await repository.forUser(APP_ID, second.userId))).toEqual([]);
    expect((await repository.findByIdentity(APP_ID, 'github', identity.providerId))!.user_id).toBe(
      first.userId,
    );
  });

  it('keeps the last way to sign in: a provider is removed only when another way is left', async () => {
    const token = await socialSignIn(ONLY_APP_ID, 'google');
    const remove = (type: string) =>
      t.call(
        'DELETE',
        `/v1/apps/${ONLY_APP_ID}/currentuser/social-connections/${type}`,
        undefined,
        bearer(token),
      );
    const refused = await remove('google');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'operation_not_allowed',
      error: 'This is the only way to sign in to this account: add a passkey or another provider first.',
    });
    expect((await remove('github')).status).toBe(404);
    const { res, verifier } = await link(ONLY_APP_ID, token, 'github');
    await finish(ONLY_APP_ID, ((await res.json()) as { url: string }).url, verifier);
    expect((await remove('google')).status).toBe(200);
    expect(Object.keys(await connections(ONLY_APP_ID, token))).toEqual(['github']);
  });

  it("lets only one of two removals at once through when each is the other one's last way in", async () => {
    const token = await socialSignIn(ONLY_APP_ID, 'google');
    const { res, verifier } = await link(ONLY_APP_ID, token, 'github');
    await finish(ONLY_APP_ID, ((await res.json()) as { url: string }).url, verifier);
    const remove = (type: string) =>
      t.call(
        'DELETE',
        `/v1/apps/${ONLY_APP_ID}/currentuser/social-connections/${type}`,
        undefined,
        bearer(token),
      );
    // Each removal reads the connections slowly: without one transaction, both would read before either deletes.
    const repository = t.server.identity.socialConnections;
    const read = repository.listForUser.bind(repository);
    const slow = vi.spyOn(repository, 'listForUser').mockImplementation(async (...args) => {
      const rows = await read(...args);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return rows;
    });
    let answers;
    try {
      answers = await Promise.all([remove('google'), remove('github')]);
    } finally {
      slow.mockRestore();
    }
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(Object.keys(await connections(ONLY_APP_ID, token))).toHaveLength(1);
  });

  it('asks for a recent sign-in before removing a provider, as before linking one', async () => {
    const token = await socialSignIn(APP_ID, 'google');
    const { signing } = await t.server.identity.signingKeys.forApp(APP_ID);
    const stale = await new SignJWT({
      ...decodeJwt(token),
      auth_time: Math.floor(Date.now() / 1000) - 16 * 60,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: signing.kid })
      .sign(signing.privateKey);
    const refused = await t.call(
      'DELETE',
      `/v1/apps/${APP_ID}/currentuser/social-connections/google`,
      undefined,
      bearer(stale),
    );
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Json).code).toBe('reauthentication_required');
    expect(Object.keys(await connections(APP_ID, token))).toEqual(['google']);
  });

  it('shows the connections in the management API user and imports them from a Passage export', async () => {
    const token = await socialSignIn(APP_ID, 'apple');
    const me = (
      (await (await t.call('GET', `/v1/apps/${APP_ID}/currentuser`, undefined, bearer(token))).json()) as Json
    ).user;
    const key = await newApiKey(t, ADMIN_KEY, APP_ID);
    const managed = await t.call('GET', `/v1/apps/${APP_ID}/users/${me.id}`, undefined, bearer(key));
    expect(((await managed.json()) as Json).user.social_connections).toEqual(me.social_connections);
    expect(Object.keys(me.social_connections)).toEqual(['apple']);

    // A Passage user with a Google connection, moved here: signing in with that Google account finds them.
    const movedSub = `moved-${Date.now()}`;
    const movedEmail = `moved-${Date.now()}@example.com`;
    const imported = await t.call(
      'POST',
      `/admin/v1/apps/${APP_ID}/users/import`,
      {
        users: [
          {
            id: 'movedUser000000000000001',
            email: movedEmail,
            email_verified: true,
            social_connections: {
              google: {
                provider_id: movedSub,
                provider_identifier: movedEmail,
                created_at: '2024-01-02T03:04:05Z',
                last_login_at: '2024-02-03T04:05:06Z',
              },
            },
          },
          {
            id: 'badSocial000000000000001',
            email: `bad-${movedEmail}`,
            social_connections: { google: { provider_id: '' } },
          },
        ],
      },
      bearer(ADMIN_KEY),
    );
    const report = (await imported.json()) as Json;
    expect(report).toMatchObject({ created: 1, failed: 1 });
    expect(report.rows[1].reason).toBe(
      'social_connections.google.provider_id must be text of 1 to 255 characters.',
    );
    providers.google.user = { sub: movedSub, email: `changed-${movedEmail}`, email_verified: true };
    const movedToken = await socialSignIn(APP_ID, 'google');
    const moved = (
      (await (
        await t.call('GET', `/v1/apps/${APP_ID}/currentuser`, undefined, bearer(movedToken))
      ).json()) as Json
    ).user;
    expect(moved.id).toBe('movedUser000000000000001');
    expect(moved.social_connections.google.created_at).toBe('2024-01-02T03:04:05.000Z');
  });

  it('never answers a provider secret through the admin API, and keeps it when a change leaves it out', async () => {
    const admin = bearer(ADMIN_KEY);
    const id = `socialAdmin${Date.now()}`;
    const created = await t.call(
      'POST',
      '/admin/v1/apps',
      {
        id,
        name: 'Admin shop',
        auth_origin: origin(),
        social_providers: providers.settings(['google', 'apple']),
      },
      admin,
    );
    expect(created.status).toBe(201);
    const text = JSON.stringify(await created.json());
    expect(text).not.toContain(providers.google.clientSecret);
    expect(text).not.toContain('PRIVATE KEY');
    const read = (await (await t.call('GET', `/admin/v1/apps/${id}`, undefined, admin)).json()) as Json;
    expect(read.app.social_providers[0]).toEqual({
      type: 'google',
      client_id: 'google-test-client',
      issuer: providers.google.issuer,
    });
    // Stored sealed: the database holds no secret in clear, for this app or the apps file's.
    const rows = await t.server.db.selectFrom('apps').select('settings').execute();
    const stored = rows.map((row) => row.settings).join('\n');
    expect(stored).toContain('"client_secret":"sealed:v1.');
    expect(stored).not.toContain(providers.google.clientSecret);
    expect(stored).not.toContain(providers.github.clientSecret);
    expect(stored).not.toContain('PRIVATE KEY');
    // The settings as read, sent back with a new scope list: the secret stays, sign-in still works.
    const patched = await t.call(
      'PATCH',
      `/admin/v1/apps/${id}`,
      { social_providers: [{ ...read.app.social_providers[0], scopes: ['openid', 'email'] }] },
      admin,
    );
    expect(patched.status).toBe(200);
    expect(JSON.stringify(await patched.json())).not.toContain(providers.google.clientSecret);
    expect(await socialSignIn(id, 'google')).toBeTruthy();
    // Pointing the provider elsewhere without its secret is refused: the stored secret would go there.
    for (const change of [{ issuer: 'https://elsewhere.example' }, { client_id: 'another-client' }]) {
      const moved = await t.call(
        'PATCH',
        `/admin/v1/apps/${id}`,
        { social_providers: [{ ...read.app.social_providers[0], ...change }] },
        admin,
      );
      expect(moved.status, JSON.stringify(change)).toBe(400);
      expect(await moved.json()).toEqual({
        code: 'invalid_request',
        error:
          'body.social_providers[0].client_secret must be sent again when client_id or an endpoint changes',
      });
    }
    expect(await socialSignIn(id, 'google')).toBeTruthy();
    // Settings that cannot work are refused with the field named.
    const bad = await t.call(
      'PATCH',
      `/admin/v1/apps/${id}`,
      { social_providers: [{ type: 'acme', client_id: 'x' }] },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error).toBe(
      'body.social_providers[0] issuer, name must be set for an acme provider',
    );
    // A secret that fails its check is named, never quoted (the apps file's words, in a POST).
    const tooLong = await t.call(
      'POST',
      '/admin/v1/apps',
      {
        id: `${id}x`,
        name: 'Too long',
        auth_origin: origin(),
        social_providers: [{ type: 'google', client_id: 'x', client_secret: `TOPSECRET${'x'.repeat(9000)}` }],
      },
      admin,
    );
    expect(tooLong.status).toBe(400);
    const tooLongText = JSON.stringify(await tooLong.json());
    expect(tooLongText).toContain('social_providers[0].client_secret (not shown)');
    expect(tooLongText).not.toContain('TOPSECRET');
    const insecure = await t.call(
      'PATCH',
      `/admin/v1/apps/${id}`,
      { social_providers: [{ type: 'acme', name: 'Acme', client_id: 'x', issuer: 'http://idp.example' }] },
      admin,
    );
    expect(((await insecure.json()) as Json).error).toBe(
      'body.social_providers[0].issuer must be an https URL (plain http only to localhost)',
    );
  });
});
