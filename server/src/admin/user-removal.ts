import type { Db } from '../db/database.js';

/** The tables that hold rows of one user besides `users` itself (all keyed by app_id and user_id). */
const USER_TABLES = [
  'webauthn_credentials',
  'webauthn_challenges',
  'refresh_tokens',
  'one_time_codes',
  'magic_links',
] as const;

/**
 * Deletes a user with their passkeys, refresh tokens (so every session ends at once), pending codes,
 * links and ceremonies, in one transaction. False when the app has no such user.
 */
export async function deleteUserAndData(db: Db, appId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('users')
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    for (const table of USER_TABLES) {
      await trx.deleteFrom(table).where('app_id', '=', appId).where('user_id', '=', userId).execute();
    }
    return true;
  });
}
