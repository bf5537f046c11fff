import { createHmac, createPublicKey, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const OTHER_APP = 'otherApp000000000000003';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
type Claims = Record<string, unknown>;

/**
 * Forged or misused auth tokens get 401 on `GET /currentuser`.
 * Each forgery starts from a genuine token of a real user, and each case has a control that the
 * same route accepts, so a 401 is about the one thing changed.
 */
describe('auth tokens the verifier must refuse', () => {
  let t: RunningTestServer;
  let good: string;
  let header: Claims;
  let claims: Claims;
  let privateKey: Parameters<typeof sign>[2];

  const status = async (token: string, appId = TEST_APP_ID) =>
    (await t.call('GET', `/v1/apps/${appId}/currentuser`, undefined, { authorization: `Bearer ${token}` }))
      .status;
  const rs256 = (h: Claims, p: Claims) => {
    const input = `${b64(h)}.${b64(p)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };
  const hs256 = (secret: string | Buffer, p: Claims) => {
    const input = `${b64({ ...header, alg: 'HS256' })}.${b64(p)}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };

  beforeAll(async () => {
    t = await startTestServer({ apps: [{ id: TEST_APP_ID }, { id: OTHER_APP }] });
    good = (await signedInUser(t, TEST_APP_ID, 'jwt-negative@example.com')).auth.auth_token;
    const [h, p] = good.split('.') as [string, string];
    header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Claims;
    claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Claims;
    privateKey = (await t.server.identity.signingKeys.forApp(TEST_APP_ID)).signing.privateKey;
  });
  afterAll(() => t.stop());

  it('accepts the genuine token and a re-signed copy of it (the controls)', async () => {
    expect(await status(good)).toBe(200);
    expect(await status(rs256(header, claims))).toBe(200);
  });

  it("refuses HS256 signed with the app's public key as the HMAC secret", async () => {
    const res = await t.call('GET', `/v1/apps/${TEST_APP_ID}/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Array<Record<string, string>> };
    const jwk = keys.find((key) => key.kid === header.kid);
    expect(jwk).toBeDefined();
    const publicKey = createPublicKey({ key: jwk as never, format: 'jwk' });
    // The forms an attacker would try: the PEM (SPKI and PKCS#1), its DER, and the JWK as published.
    const secrets = [
      publicKey.export({ type: 'spki', format: 'pem' }) as string,
      publicKey.export({ type: 'pkcs1', format: 'pem' }) as string,
      publicKey.export({ type: 'spki', format: 'der' }),
      JSON.stringify(jwk),
    ];
    for (const secret of secrets) expect(await status(hs256(secret, claims))).toBe(401);
  });

  it('refuses a token whose typ is not JWT, or that has none', async () => {
    for (const typ of ['at+jwt', 'JWS', 'jwt+refresh', undefined]) {
      expect(await status(rs256({ ...header, typ }, claims)), String(typ)).toBe(401);
    }
  });

  it('refuses alg none, with and without a signature part', async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64({ ...header, alg })}.${b64(claims)}`;
      expect(await status(`${unsigned}.`)).toBe(401);
      expect(await status(`${unsigned}.${good.split('.')[2]}`)).toBe(401);
    }
  });

  it('refuses an expired token, also one expired by a second', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      await status(rs256(header, { ...claims, iat: now - 7200, nbf: now - 7205, exp: now - 3600 })),
    ).toBe(401);
    expect(await status(rs256(header, { ...claims, exp: now - 1 }))).toBe(401);
  });

  it("refuses a token for another app's audience", async () => {
    const other = await signedInUser(t, OTHER_APP, 'jwt-negative-other@example.com');
    const [, otherPayload] = other.auth.auth_token.split('.') as [string, string];
    const otherClaims = JSON.parse(Buffer.from(otherPayload, 'base64url').toString()) as Claims;
    // Signed with this app's key and issuer, but addressed to the other app only.
    expect(await status(rs256(header, { ...claims, aud: otherClaims.aud }))).toBe(401);
    expect(await status(rs256(header, { ...claims, aud: OTHER_APP }))).toBe(401);
    // The other app's genuine token is no good here either, while it works for its own app.
    expect(await status(other.auth.auth_token)).toBe(401);
    expect(await status(other.auth.auth_token, OTHER_APP)).toBe(200);
  });
});
