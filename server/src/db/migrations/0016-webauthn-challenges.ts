import type { Kysely } from 'kysely';

/**
 * Ceremony state between start and finish ("handshakes"), in the database so any instance can
 * finish what another started. A row is deleted when it is used: a challenge works once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_at')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
}
