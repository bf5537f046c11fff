import type { SocialConnection } from 'open-passage/contract';
import type { Db } from '../db/database.js';
import type { SocialConnectionsTable } from '../db/schema.js';
import { isoNow } from '../security/clock.js';
import { isUniqueViolation } from './users-repository.js';

type ConnectionRow = SocialConnectionsTable;

/** The provider identities linked to users: one per type per user, each identity to one user. */
export class SocialConnectionsRepository {
  constructor(private readonly db: Db) {}

  findByIdentity(appId: string, type: string, providerId: string, db: Db = this.db) {
    return db
      .selectFrom('social_connections')
      .selectAll()
      .where('app_id', '=', appId)
      .where('type', '=', type)
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
  }

  listForUser(appId: string, userId: string, db: Db = this.db): Promise<ConnectionRow[]> {
    return db
      .selectFrom('social_connections')
      .selectAll()
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** The user's connections as Passage's `social_connections` object. */
  async forUser(appId: string, userId: string): Promise<Record<string, SocialConnection>> {
    return toConnections(await this.listForUser(appId, userId));
  }

  /**
   * Links the identity to the user (replacing the user's earlier identity of this type), or notes a
   * sign-in with it. False when another user of the app holds the identity: found first, or (two
   * links of one identity at once) the unique index refuses the second, which then rolls back whole.
   */
  async link(
    appId: string,
    userId: string,
    type: string,
    identity: { providerId: string; identifier: string },
    at = isoNow(),
  ): Promise<boolean> {
    try {
      return await this.db
        .transaction()
        .execute((trx) => this.linkIn(trx, appId, userId, type, identity, at));
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  private async linkIn(
    db: Db,
    appId: string,
    userId: string,
    type: string,
    identity: { providerId: string; identifier: string },
    at: string,
  ): Promise<boolean> {
    const holder = await this.findByIdentity(appId, type, identity.providerId, db);
    if (holder && holder.user_id !== userId) return false;
    if (holder) {
      await db
        .updateTable('social_connections')
        .set({ last_login_at: at, provider_identifier: identity.identifier })
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .execute();
      return true;
    }
    await db
      .deleteFrom('social_connections')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .execute();
    await db
      .insertInto('social_connections')
      .values({
        app_id: appId,
        user_id: userId,
        type,
        provider_id: identity.providerId,
        provider_identifier: identity.identifier,
        created_at: at,
        last_login_at: at,
      })
      .execute();
    return true;
  }

  /**
   * Stores an imported connection of the user (replacing theirs of that type), with its times; false
   * when another user of the app holds the identity.
   */
  async imported(
    appId: string,
    userId: string,
    one: {
      type: string;
      provider_id: string;
      provider_identifier: string;
      created_at: string | null;
      last_login_at: string | null;
    },
  ): Promise<boolean> {
    const holder = await this.findByIdentity(appId, one.type, one.provider_id);
    if (holder && holder.user_id !== userId) return false;
    const now = isoNow();
    await this.db
      .deleteFrom('social_connections')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('type', '=', one.type)
      .execute();
    await this.db
      .insertInto('social_connections')
      .values({
        app_id: appId,
        user_id: userId,
        type: one.type,
        provider_id: one.provider_id,
        provider_identifier: one.provider_identifier,
        created_at: one.created_at ?? now,
        last_login_at: one.last_login_at ?? one.created_at ?? now,
      })
      .execute();
    return true;
  }

  /**
   * Removes the user's connection of `type` when `keepsAWayIn` (given the user's connections) says the
   * user can still sign in without it. Check and delete are one transaction that first locks the user's
   * row, so two removals at once run one after the other and the second sees what the first left: they
   * cannot both pass the check and lock the user out.
   */
  async unlinkUnlessLast(
    appId: string,
    userId: string,
    type: string,
    keepsAWayIn: (linked: readonly ConnectionRow[]) => boolean,
  ): Promise<'unlinked' | 'not_linked' | 'last_way_in'> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ updated_at: isoNow() })
        .where('app_id', '=', appId)
        .where('id', '=', userId)
        .execute();
      const linked = await this.listForUser(appId, userId, trx);
      if (!linked.some((one) => one.type === type)) return 'not_linked';
      if (!keepsAWayIn(linked)) return 'last_way_in';
      await trx
        .deleteFrom('social_connections')
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .execute();
      return 'unlinked';
    });
  }
}

function toConnections(rows: readonly ConnectionRow[]): Record<string, SocialConnection> {
  return Object.fromEntries(
    rows.map((row) => [
      row.type,
      {
        provider_id: row.provider_id,
        provider_identifier: row.provider_identifier,
        created_at: row.created_at,
        last_login_at: row.last_login_at,
      },
    ]),
  );
}
