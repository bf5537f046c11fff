import { sign } from 'node:crypto';
import { promisify } from 'node:util';
import { errors, jwtVerify } from 'jose';
import type { SigningKeys } from './signing-keys.js';

const signAsync = promisify(sign);

export interface AuthTokenClaims {
  sub: string;
  aud: [string, string];
  iss: string;
  iat: number;
  nbf: number;
  exp: number;
  /** When the user signed in interactively (OpenID Connect's claim); refreshes keep it. */
  auth_time: number;
  /**
   * The sign-in (its refresh family) the token belongs to (OpenID Connect's session id claim): once the
   * sign-in is revoked (sign-out, deactivation, a reused refresh token) the server refuses the token.
   */
  sid: string;
}

/** What a verified auth token says. */
export interface VerifiedAuthToken {
  userId: string;
  /** Unix seconds of the interactive sign-in, when the token carries it. */
  authTime: number | undefined;
  /** The sign-in the token belongs to (`sid`). */
  sessionId: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The issuer of an app's tokens: `<public URL>/v1/apps/<appId>`. */
export function issuerFor(publicUrl: string, appId: string): string {
  return `${publicUrl}/v1/apps/${appId}`;
}

/**
 * RS256 auth tokens (`typ: JWT`, `kid`; `aud: [auth_origin, app_id]`, `iss`, `sub`, `iat`,
 * `nbf = iat − 5`, `exp`, `auth_time`, `sid`). Signing runs on libuv's thread pool, so it does not block the event loop.
 */
export class AuthTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly publicUrl: string,
  ) {}

  async sign(
    app: { id: string; auth_origin: string; session_timeout_length: number },
    userId: string,
    session: { authTime: number; sessionId: string },
    now = Math.floor(Date.now() / 1000),
  ): Promise<{ token: string; claims: AuthTokenClaims }> {
    const { signing } = await this.keys.forApp(app.id);
    const claims: AuthTokenClaims = {
      sub: userId,
      aud: [app.auth_origin, app.id],
      iss: issuerFor(this.publicUrl, app.id),
      iat: now,
      nbf: now - 5,
      exp: now + app.session_timeout_length,
      auth_time: session.authTime,
      sid: session.sessionId,
    };
    const input = `${base64url({ alg: 'RS256', typ: 'JWT', kid: signing.kid })}.${base64url(claims)}`;
    const signature = await signAsync('sha256', Buffer.from(input), signing.privateKey);
    return { token: `${input}.${signature.toString('base64url')}`, claims };
  }

  /**
   * Verifies an app's auth token: RS256 only, a kid of this app, signature, `exp`/`nbf`, the app id
   * in `aud`, this app's issuer, a `sub` and a `sid`. Returns the user id, sign-in time and session, or
   * null for any failure. Whether the session is still live is the caller's to check (bearer-auth.ts).
   */
  async verify(appId: string, token: string): Promise<VerifiedAuthToken | null> {
    try {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = header.kid ? await this.keys.verifyingKey(appId, header.kid) : undefined;
          if (!key) throw new errors.JWKSNoMatchingKey();
          return key;
        },
        {
          algorithms: ['RS256'],
          audience: appId,
          issuer: issuerFor(this.publicUrl, appId),
          typ: 'JWT',
          requiredClaims: ['sub', 'exp', 'sid'],
        },
      );
      if (typeof payload.sub !== 'string' || payload.sub === '') return null;
      if (typeof payload.sid !== 'string' || payload.sid === '') return null;
      return {
        userId: payload.sub,
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
        sessionId: payload.sid,
      };
    } catch {
      return null;
    }
  }
}
