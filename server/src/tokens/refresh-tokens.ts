import type { Db } from '../db/database.js';
import { isoIn, isoNow } from '../security/clock.js';
import { newId, newSecretToken, sha256Hex } from '../security/random.js';

/** A family of refresh tokens lives at most this long from the sign-in that started it. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  token: string;
  /** Unix seconds when the family's absolute lifetime ends. */
  expiresAt: number;
}

export type RotationResult =
  | { ok: true; appId: string; userId: string; familyId: string; expiresAt: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Opaque refresh tokens (256 bits), stored as SHA-256. Each use rotates the token; presenting a
 * spent token again revokes its whole family (RFC 9700 §4.14), so a stolen copy dies with the original.
 */
export class RefreshTokens {
  constructor(private readonly db: Db) {}

  /** Starts a new family (a sign-in) or continues one (a rotation). */
  async issue(
    appId: string,
    userId: string,
    family?: { familyId: string; expiresAt: string },
  ): Promise<IssuedRefreshToken> {
    const token = newSecretToken();
    const expiresAt = family?.expiresAt ?? isoIn(REFRESH_TOKEN_LIFETIME_MS);
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: newId(),
        app_id: appId,
        user_id: userId,
        family_id: family?.familyId ?? newId(),
        token_hash: sha256Hex(token),
        created_at: isoNow(),
        expires_at: expiresAt,
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return { token, expiresAt: Math.floor(Date.parse(expiresAt) / 1000) };
  }

  /** Spends `token` once (atomically). A second use of the same token revokes the family. */
  async spend(appId: string, token: string): Promise<RotationResult> {
    const hash = sha256Hex(token);
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['id', 'user_id', 'family_id', 'expires_at', 'used_at', 'revoked_at'])
      .where('token_hash', '=', hash)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    const now = isoNow();
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      await this.revokeFamily(row.family_id);
      return { ok: false, reason: 'reused' };
    }
    return { ok: true, appId, userId: row.user_id, familyId: row.family_id, expiresAt: row.expires_at };
  }

  /** Sign-out: revokes the family of `token`. Returns false when the token is unknown. */
  async revoke(appId: string, token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256Hex(token))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return false;
    await this.revokeFamily(row.family_id);
    return true;
  }

  /** Revokes every token of a user in an app (e.g. when the user is deactivated). */
  async revokeUser(appId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: isoNow() })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: isoNow() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
