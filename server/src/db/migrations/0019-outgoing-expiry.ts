import type { Kysely } from 'kysely';

/** A message that is only useful for a while (a code, a link) is not sent once that has passed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_messages').addColumn('expires_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_messages').dropColumn('expires_at').execute();
}
