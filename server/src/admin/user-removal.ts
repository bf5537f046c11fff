import type { Db } from '../db/database.js';

/**
 * Deletes a user with their passkeys, sign-ins and refresh tokens (so every session ends at once),
 * pending codes, links and ceremonies, in one transaction. False when the app has no such user.
 */
export async function deleteUserAndData(db: Db, appId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('users')
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    const families = trx
      .selectFrom('refresh_families')
      .select('id')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId);
    await trx.deleteFrom('refresh_tokens').where('family_id', 'in', families).execute();
    await trx
      .deleteFrom('refresh_families')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('webauthn_credentials')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('webauthn_challenges')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('one_time_codes')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('magic_links').where('app_id', '=', appId).where('user_id', '=', userId).execute();
    return true;
  });
}
