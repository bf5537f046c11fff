import { generateKeyPairSync, sign } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const OTHER_APP = 'otherApp000000000000001';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens: JWT, JWKS, refresh rotation, sign-out', () => {
  let t: RunningTestServer;
  const path = (suffix: string, appId = TEST_APP_ID) => `/v1/apps/${appId}${suffix}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const currentUserStatus = async (token: string) =>
    (await t.call('GET', path('/currentuser'), undefined, bearer(token))).status;

  beforeAll(async () => {
    t = await startTestServer({
      apps: [{ id: TEST_APP_ID, redirect_url: '/dashboard', session_timeout_length: 600 }, { id: OTHER_APP }],
    });
  });
  afterAll(() => t.stop());

  it('issues an RS256 JWT with kid, typ and the Passage claims, verifiable with the JWKS', async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'jwt@example.com');
    expect(auth.redirect_url).toBe('/dashboard');
    expect(auth.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.refresh_token_expiration).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);

    const header = decodeProtectedHeader(auth.auth_token);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: expect.stringMatching(/^[A-Za-z0-9]{24}$/) });

    const res = await t.call('GET', path('/.well-known/jwks.json'));
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: header.kid,
      n: expect.any(String),
      e: 'AQAB',
    });
    expect(Buffer.from(jwks.keys[0]?.n ?? '', 'base64url').length * 8).toBe(3072);

    const origin = t.baseUrl.replace('127.0.0.1', 'localhost');
    const { payload } = await jwtVerify(auth.auth_token, createLocalJWKSet(jwks as never), {
      audience: TEST_APP_ID,
      issuer: `${origin}/v1/apps/${TEST_APP_ID}`,
    });
    expect(payload).toMatchObject({ sub: userId, aud: [origin, TEST_APP_ID] });
    expect(payload.nbf).toBe((payload.iat ?? 0) - 5);
    expect(payload.exp).toBe((payload.iat ?? 0) + 600);
  });

  it('keeps one key per app across requests and gives each app its own', async () => {
    const a = await signedInUser(t, TEST_APP_ID, 'key1@example.com');
    const b = await signedInUser(t, OTHER_APP, 'key2@example.com');
    const kidA = decodeProtectedHeader(a.auth.auth_token).kid;
    expect(
      decodeProtectedHeader((await signedInUser(t, TEST_APP_ID, 'key3@example.com')).auth.auth_token).kid,
    ).toBe(kidA);
    expect(decodeProtectedHeader(b.auth.auth_token).kid).not.toBe(kidA);
  });

  it('refreshes with rotation: the new refresh token works, the old one is spent', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'rotate@example.com');
    const res = await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token });
    expect(res.status).toBe(201);
    const next = ((await res.json()) as { auth_result: typeof auth }).auth_result;
    expect(next.refresh_token).not.toBe(auth.refresh_token);
    expect(next.refresh_token_expiration).toBe(auth.refresh_token_expiration);
    expect(await currentUserStatus(next.auth_token)).toBe(200);

    const again = await t.call('POST', path('/tokens/'), { refresh_token: next.refresh_token });
    expect(again.status).toBe(201);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'reuse@example.com');
    const first = (await (
      await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token })
    ).json()) as {
      auth_result: typeof auth;
    };
    const reuse = await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token });
    expect(reuse.status).toBe(401);
    expect(((await reuse.json()) as { code: string }).code).toBe('invalid_refresh_token');
    // The legitimate successor dies with the family.
    const successor = await t.call('POST', path('/tokens/'), {
      refresh_token: first.auth_result.refresh_token,
    });
    expect(successor.status).toBe(401);
  });

  it('lets at most one of 20 concurrent refreshes with the same token succeed', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'race@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token }).then((r) => r.status),
      ),
    );
    // The others are reuses, which revoke the family: the winner may be refused too if that came first.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(19);
  });

  it('kills the token a concurrent rotation hands out when a reuse revoked the family meanwhile', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'race-successor@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token }),
      ),
    );
    const winners = answers.filter((r) => r.status === 201);
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const winner of winners) {
      const { auth_result } = (await winner.json()) as { auth_result: typeof auth };
      const next = await t.call('POST', path('/tokens/'), { refresh_token: auth_result.refresh_token });
      expect(next.status).toBe(401);
    }
  });

  it('carries the sign-in time as auth_time, and a refresh keeps it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { auth } = await signedInUser(t, TEST_APP_ID, 'auth-time@example.com');
    const first = decodeJwt(auth.auth_token).auth_time as number;
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token });
    const { auth_result } = (await res.json()) as { auth_result: typeof auth };
    expect(decodeJwt(auth_result.auth_token).auth_time).toBe(first);
    expect(decodeJwt(auth_result.auth_token).iat).toBeGreaterThan(first);
  });

  it('refuses expired families, unknown tokens and tokens of another app', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'expired@example.com');
    await t.server.db
      .updateTable('refresh_families')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token })).status).toBe(401);
    expect((await t.call('POST', path('/tokens/'), { refresh_token: 'x'.repeat(43) })).status).toBe(401);
    const other = await signedInUser(t, OTHER_APP, 'other-app@example.com');
    expect((await t.call('POST', path('/tokens/'), { refresh_token: other.auth.refresh_token })).status).toBe(
      401,
    );
    const missing = await t.call('POST', path('/tokens/'), {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toContain('refresh_token');
  });

  it('signs out with DELETE /tokens/?refresh_token= (200) and the family is gone', async () => {
    const { auth } = await signedInUser(t, TEST_APP_ID, 'signout@example.com');
    const res = await t.call(
      'DELETE',
      path(`/tokens/?refresh_token=${encodeURIComponent(auth.refresh_token)}`),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect((await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token })).status).toBe(401);
    expect((await t.call('DELETE', path('/tokens/'))).status).toBe(400);
  });

  it('refuses a refresh for a user that became inactive', async () => {
    const { userId, auth } = await signedInUser(t, TEST_APP_ID, 'deactivated@example.com');
    await t.server.identity.users.setStatus(TEST_APP_ID, userId, 'inactive');
    const res = await t.call('POST', path('/tokens/'), { refresh_token: auth.refresh_token });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('user_not_active');
  });

  describe('JWT negative cases on a Bearer route', () => {
    let good: string;
    let userId: string;
    beforeAll(async () => {
      const signedIn = await signedInUser(t, TEST_APP_ID, 'bearer@example.com');
      good = signedIn.auth.auth_token;
      userId = signedIn.userId;
    });
    const parts = () => good.split('.') as [string, string, string];
    const claims = () =>
      JSON.parse(Buffer.from(parts()[1], 'base64url').toString()) as Record<string, unknown>;
    const header = () =>
      JSON.parse(Buffer.from(parts()[0], 'base64url').toString()) as Record<string, unknown>;
    const signWith = (key: Parameters<typeof sign>[2], h: unknown, p: unknown) => {
      const input = `${b64(h)}.${b64(p)}`;
      return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
    };
    const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

    it('accepts the genuine token', async () => {
      expect(await currentUserStatus(good)).toBe(200);
    });

    it('refuses a missing or malformed Authorization header', async () => {
      const res = await t.call('GET', path('/currentuser'));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_access_token');
      expect(await currentUserStatus('not.a.jwt')).toBe(401);
    });

    it('refuses alg none', async () => {
      const none = `${b64({ ...header(), alg: 'none' })}.${parts()[1]}.`;
      expect(await currentUserStatus(none)).toBe(401);
    });

    it('refuses a wrong kid and a forged signature under the right kid', async () => {
      expect(await currentUserStatus(signWith(foreignKey, { ...header(), kid: 'nope' }, claims()))).toBe(401);
      expect(await currentUserStatus(signWith(foreignKey, header(), claims()))).toBe(401);
    });

    it('refuses a tampered payload', async () => {
      const tampered = `${parts()[0]}.${b64({ ...claims(), sub: 'someoneElse000000000000' })}.${parts()[2]}`;
      expect(await currentUserStatus(tampered)).toBe(401);
    });

    it('refuses an expired token and one not valid yet', async () => {
      const { privateKey } = (await t.server.identity.signingKeys.forApp(TEST_APP_ID)).signing;
      const now = Math.floor(Date.now() / 1000);
      expect(await currentUserStatus(signWith(privateKey, header(), { ...claims(), exp: now - 60 }))).toBe(
        401,
      );
      expect(await currentUserStatus(signWith(privateKey, header(), { ...claims(), nbf: now + 600 }))).toBe(
        401,
      );
      // Same key, fresh claims: proves the two refusals above are about time only.
      expect(await currentUserStatus(signWith(privateKey, header(), claims()))).toBe(200);
    });

    it("refuses another app's token, signed with that app's key", async () => {
      const other = await signedInUser(t, OTHER_APP, 'bearer-other@example.com');
      expect(await currentUserStatus(other.auth.auth_token)).toBe(401);
      const { signing } = await t.server.identity.signingKeys.forApp(OTHER_APP);
      const forged = signWith(
        signing.privateKey,
        { ...header(), kid: signing.kid },
        { ...claims(), sub: userId },
      );
      expect(await currentUserStatus(forged)).toBe(401);
    });

    it('refuses a token whose audience or issuer is not this app', async () => {
      const { privateKey } = (await t.server.identity.signingKeys.forApp(TEST_APP_ID)).signing;
      expect(
        await currentUserStatus(signWith(privateKey, header(), { ...claims(), aud: ['x', OTHER_APP] })),
      ).toBe(401);
      expect(
        await currentUserStatus(signWith(privateKey, header(), { ...claims(), iss: 'https://evil.example' })),
      ).toBe(401);
    });
  });
});
