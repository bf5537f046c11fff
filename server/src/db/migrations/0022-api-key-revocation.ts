import type { Kysely } from 'kysely';

/**
 * A revoked API key keeps its row, marked with the time of its revocation: its hash stays taken
 * (`key_hash` is unique), so no later declaration of the same key in an app's `api_keys` setting (the
 * apps file at a restart, the admin API) can bring it back (docs/server/management-api.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('revoked_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('revoked_at').execute();
}
