import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

/** Social login of an app that offers no provider, and OpenID discovery. */
describe('social connections and OpenID discovery', () => {
  let t: RunningTestServer;
  let token: string;
  const path = (suffix: string, appId = TEST_APP_ID) => `/v1/apps/${appId}${suffix}`;
  const json = async <T>(res: Response) => (await res.json()) as T;
  // What passage-js sends on these calls: a JSON content type, and no body.
  const asPassageJs = (bearer: string) => ({
    authorization: `Bearer ${bearer}`,
    'content-type': 'application/json',
  });

  beforeAll(async () => {
    t = await startTestServer();
    token = (await signedInUser(t, TEST_APP_ID, 'social@example.com')).auth.auth_token;
  });
  afterAll(() => t.stop());

  it('lists no social connections for the signed-in user, with and without the trailing slash', async () => {
    for (const suffix of ['/currentuser/social-connections/', '/currentuser/social-connections']) {
      const res = await t.call('GET', path(suffix), undefined, asPassageJs(token));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ social_connections: {} });
    }
    const anonymous = await t.call('GET', path('/currentuser/social-connections/'));
    expect(anonymous.status).toBe(401);
    expect((await json<{ code: string }>(anonymous)).code).toBe('invalid_access_token');
  });

  it('answers 404 social_connection_not_found when removing a connection', async () => {
    const remove = (type: string, headers: Record<string, string> = asPassageJs(token)) =>
      t.call('DELETE', path(`/currentuser/social-connections/${type}`), undefined, headers);
    const res = await remove('google');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'social_connection_not_found',
      error: 'This account has no google connection.',
    });
    const unknownType = await remove('My_Space');
    expect(unknownType.status).toBe(400);
    expect((await json<{ error: string }>(unknownType)).error).toContain('socialConnectionType');
    expect((await remove('google', {})).status).toBe(401);
  });

  it('refuses to start a social login: no provider is configured', async () => {
    const query = new URLSearchParams({
      redirect_uri: 'http://localhost/passage',
      state: '123456',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      connection_type: 'github',
    });
    const res = await t.call('GET', path(`/social/authorize?${query}`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'social_connection_not_found',
      error: 'Test app has no github social connection configured.',
    });
    query.delete('connection_type');
    const missing = await t.call('GET', path(`/social/authorize?${query}`));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      code: 'invalid_request',
      error: 'querystring.connection_type is required',
    });
    expect(
      (
        await t.call(
          'GET',
          `/v1/apps/unknownApp0000000000000/social/authorize?${query}&connection_type=google`,
        )
      ).status,
    ).toBe(404);
  });

  it('refuses to exchange a social login code', async () => {
    const res = await t.call('GET', path('/social/token?code=abc&verifier=123456'));
    expect(res.status).toBe(404);
    expect((await json<{ code: string }>(res)).code).toBe('social_connection_not_found');
    expect((await t.call('GET', path('/social/token?code=abc'))).status).toBe(400);
  });

  it('serves the OpenID configuration whose issuer matches the tokens and whose JWKS URL works', async () => {
    const res = await t.call('GET', path('/.well-known/openid-configuration'), undefined, {
      origin: 'https://anyone.example',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const config = await json<Record<string, string>>(res);
    const { iss } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      iss: string;
    };
    expect(config).toEqual({
      issuer: iss,
      authorization_endpoint: `${iss}/social/authorize`,
      jwks_uri: `${iss}/.well-known/jwks.json`,
      social_connections_supported: [],
    });
    // The JWKS URL, taken as this server's path, answers the app's keys.
    const jwks = await t.call('GET', new URL(config.jwks_uri ?? '').pathname);
    expect(((await jwks.json()) as { keys: unknown[] }).keys).toHaveLength(1);
    expect(
      (await t.call('GET', '/v1/apps/unknownApp0000000000000/.well-known/openid-configuration')).status,
    ).toBe(404);
  });
});
