import type { Db } from '../db/database.js';
import { PreparedInsert } from '../db/prepared-query.js';
import { isoIn, isoNow } from '../security/clock.js';
import { newSecretToken, newTimeOrderedId, sha256Hex } from '../security/random.js';

/** A family of refresh tokens lives at most this long from the sign-in that started it. */
const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** One sign-in, as the tokens of its family carry it. */
export interface RefreshFamily {
  familyId: string;
  /** Unix seconds of the interactive sign-in: every auth token of the family says it as `auth_time`. */
  authTime: number;
  /** ISO time when the family's absolute lifetime ends. */
  expiresAt: string;
}

export interface IssuedRefreshToken {
  token: string;
  /** Unix seconds when the family's absolute lifetime ends. */
  expiresAt: number;
  family: RefreshFamily;
}

export type RotationResult =
  | ({ ok: true; appId: string; userId: string } & RefreshFamily)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Opaque refresh tokens (256 bits), stored as SHA-256. Each sign-in starts a family; each use rotates
 * the token. Presenting a spent token again revokes the family (RFC 9700 §4.14): revocation is a mark
 * on the family, so a token that a concurrent rotation adds after it is dead as well.
 */
export class RefreshTokens {
  /** Every sign-in writes one of each. */
  private readonly insertFamily;
  private readonly insertToken;

  constructor(private readonly db: Db) {
    this.insertFamily = new PreparedInsert(db, 'refresh_families');
    this.insertToken = new PreparedInsert(db, 'refresh_tokens');
  }

  /** A sign-in: a new family and its first token. `db` may be the caller's transaction. */
  async start(appId: string, userId: string, method: string, db: Db = this.db): Promise<IssuedRefreshToken> {
    const now = Date.now();
    const family: RefreshFamily = {
      familyId: newTimeOrderedId(now),
      authTime: Math.floor(now / 1000),
      expiresAt: isoIn(REFRESH_TOKEN_LIFETIME_MS, now),
    };
    await this.insertFamily.run(db, {
      id: family.familyId,
      app_id: appId,
      user_id: userId,
      method,
      authenticated_at: new Date(family.authTime * 1000).toISOString(),
      expires_at: family.expiresAt,
    });
    return this.rotate(family, db);
  }

  /** The next token of a family (after `spend` accepted the previous one). */
  async rotate(family: RefreshFamily, db: Db = this.db): Promise<IssuedRefreshToken> {
    const token = newSecretToken();
    await this.insertToken.run(db, {
      token_hash: sha256Hex(token),
      family_id: family.familyId,
      created_at: isoNow(),
    });
    return { token, expiresAt: seconds(family.expiresAt), family };
  }

  /** Spends `token` once (atomically). A second use of the same token revokes the family. */
  async spend(appId: string, token: string): Promise<RotationResult> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('refresh_families as f', 'f.id', 't.family_id')
      .select(['t.token_hash', 'f.id', 'f.user_id', 'f.authenticated_at', 'f.expires_at', 'f.revoked_at'])
      .where('t.token_hash', '=', sha256Hex(token))
      .where('f.app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    const now = isoNow();
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      await this.revokeFamily(row.id);
      return { ok: false, reason: 'reused' };
    }
    return {
      ok: true,
      appId,
      userId: row.user_id,
      familyId: row.id,
      authTime: seconds(row.authenticated_at),
      expiresAt: row.expires_at,
    };
  }

  /** Whether a family is still good (checked again after a rotation, which may race a revocation). */
  async isLive(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_families')
      .select('revoked_at')
      .where('id', '=', familyId)
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  }

  /**
   * Whether the sign-in an auth token names (`sid`) is the user's and still live: revoking it (sign-out,
   * deactivation, ending the user's sessions, a reused refresh token) ends its auth tokens too.
   */
  async isLiveFor(appId: string, userId: string, familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_families')
      .select('revoked_at')
      .where('id', '=', familyId)
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  }

  /** Sign-out: revokes the family of `token`. Returns false when the token is unknown. */
  async revoke(appId: string, token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('refresh_families as f', 'f.id', 't.family_id')
      .select('f.id')
      .where('t.token_hash', '=', sha256Hex(token))
      .where('f.app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return false;
    await this.revokeFamily(row.id);
    return true;
  }

  /** Revokes every sign-in of a user in an app (e.g. when the user is deactivated); `db` may be a transaction. */
  async revokeUser(appId: string, userId: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('refresh_families')
      .set({ revoked_at: isoNow() })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_families')
      .set({ revoked_at: isoNow() })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
