import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The tables whose rows belong to one user of one app (a table without both columns cannot be named). */
type UserOwnedTable = {
  [T in keyof Database]: Database[T] extends { app_id: string; user_id: string | null } ? T : never;
}[keyof Database];

const USER_OWNED: UserOwnedTable[] = [
  'webauthn_credentials',
  'webauthn_challenges',
  'one_time_codes',
  'magic_links',
  'refresh_families',
  'user_events',
  'social_connections',
  'social_codes',
];

/**
 * Deletes a user with their passkeys, sign-ins and refresh tokens (so every session ends at once),
 * pending codes, links, ceremonies and events, in one transaction, in which `record` then writes what
 * outlives them (the `user_deleted` event). False when the app has no such user.
 */
export async function deleteUserAndData(
  db: Db,
  appId: string,
  userId: string,
  record: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('users')
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    // Refresh tokens are keyed by their family: they go before the families do.
    const families = trx
      .selectFrom('refresh_families')
      .select('id')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId);
    await trx.deleteFrom('refresh_tokens').where('family_id', 'in', families).execute();
    for (const table of USER_OWNED) {
      await trx.deleteFrom(table).where('app_id', '=', appId).where('user_id', '=', userId).execute();
    }
    await record(trx);
    return true;
  });
}
