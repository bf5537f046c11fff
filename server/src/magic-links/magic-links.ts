import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { MagicLinksTable } from '../db/schema.js';
import { isoIn, isoNow } from '../security/clock.js';
import { LINK_LIFETIME_MS } from '../security/lifetimes.js';
import { newSecretToken, newTimeOrderedId, sha256Hex } from '../security/random.js';

/** How long after its creation the requesting device may collect the sign-in by polling. */
const STATUS_WINDOW_MS = 60 * 60 * 1000;

export type MagicLinkPurpose = MagicLinksTable['purpose'];
export type MagicLinkRow = Selectable<MagicLinksTable>;

/**
 * Magic and verification links: a 256-bit token stored as SHA-256,
 * 10 minutes, consumed once by one conditional UPDATE. The sign-in can then be collected once more by
 * the device that asked for the link (status polling).
 */
export class MagicLinks {
  constructor(private readonly db: Db) {}

  /** Stores a new link; `db` may be the caller's transaction; `lifetimeMs` may only shorten the lifetime. */
  async create(
    appId: string,
    userId: string,
    identifier: string,
    purpose: MagicLinkPurpose,
    db: Db = this.db,
    lifetimeMs = LINK_LIFETIME_MS,
  ) {
    const id = newTimeOrderedId();
    const token = newSecretToken();
    await db
      .insertInto('magic_links')
      .values({
        id,
        app_id: appId,
        user_id: userId,
        purpose,
        identifier,
        token_hash: sha256Hex(token),
        created_at: isoNow(),
        expires_at: isoIn(Math.min(lifetimeMs, LINK_LIFETIME_MS)),
        activated_at: null,
        status_claimed_at: null,
      })
      .execute();
    return { id, token };
  }

  /** Consumes a link by its token; undefined when unknown, used or expired. */
  async activate(appId: string, token: string): Promise<MagicLinkRow | undefined> {
    const now = isoNow();
    return this.db
      .updateTable('magic_links')
      .set({ activated_at: now })
      .where('token_hash', '=', sha256Hex(token))
      .where('app_id', '=', appId)
      .where('activated_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Hands the sign-in of an activated link to the polling device, once; undefined otherwise. */
  async claimStatus(appId: string, id: string): Promise<MagicLinkRow | undefined> {
    return this.db
      .updateTable('magic_links')
      .set({ status_claimed_at: isoNow() })
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .where('activated_at', 'is not', null)
      .where('status_claimed_at', 'is', null)
      .where('created_at', '>', isoIn(-STATUS_WINDOW_MS))
      .returningAll()
      .executeTakeFirst();
  }
}

/**
 * How logs name a link: a link id can be exchanged once for the sign-in (status polling), so it is a
 * secret of sorts; the reference is a short hash that still lets an operator follow one link.
 */
export function linkReference(id: string): string {
  return sha256Hex(id).slice(0, 12);
}
