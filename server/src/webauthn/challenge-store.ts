import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { WebauthnChallengesTable } from '../db/schema.js';

export type CeremonyPurpose = WebauthnChallengesTable['purpose'];

/** What a finish call needs from its start call. */
export interface StoredChallenge {
  handshakeId: string;
  appId: string;
  purpose: CeremonyPurpose;
  /** The user the ceremony is for; null for a discoverable (usernameless) login. */
  userId: string | null;
  /** base64url, exactly as sent to the browser. */
  challenge: string;
}

export type ConsumeResult =
  { ok: true; challenge: StoredChallenge } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * Challenges live in the database (any instance may finish a ceremony another one started), have
 * a lifetime, and are used once: taking one deletes it in the same statement, so two concurrent
 * finish calls with one handshake can never both get it.
 */
export class ChallengeStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores a fresh 32-byte challenge and returns it with its handshake id. */
  async create(
    appId: string,
    purpose: CeremonyPurpose,
    userId: string | null,
    lifetimeMs: number,
  ): Promise<StoredChallenge> {
    const now = this.now();
    await this.deleteExpired(now);
    const stored: StoredChallenge = {
      handshakeId: randomBytes(18).toString('base64url'),
      appId,
      purpose,
      userId,
      challenge: randomBytes(32).toString('base64url'),
    };
    await this.db
      .insertInto('webauthn_challenges')
      .values({
        id: stored.handshakeId,
        app_id: appId,
        purpose,
        user_id: userId,
        challenge: stored.challenge,
        expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    return stored;
  }

  /** Takes the challenge of a handshake of this app and purpose out of the store, if it is still valid. */
  async consume(appId: string, purpose: CeremonyPurpose, handshakeId: string): Promise<ConsumeResult> {
    const row = await this.db
      .deleteFrom('webauthn_challenges')
      .where('id', '=', handshakeId)
      .where('app_id', '=', appId)
      .where('purpose', '=', purpose)
      .returningAll()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.expires_at <= this.now().toISOString()) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      challenge: {
        handshakeId: row.id,
        appId: row.app_id,
        purpose: row.purpose,
        userId: row.user_id,
        challenge: row.challenge,
      },
    };
  }

  private async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now.toISOString()).execute();
  }
}
