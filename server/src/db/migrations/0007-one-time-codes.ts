import type { Kysely } from 'kysely';

/** One-time codes, stored only as HMAC-SHA256(server secret, id:code). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('identifier', 'varchar(320)', (c) => c.notNull())
    .addColumn('code_hmac', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('one_time_codes_expires').on('one_time_codes').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('one_time_codes').execute();
}
