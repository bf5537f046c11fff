import type { Kysely } from 'kysely';

/** Magic and verification links, stored only as SHA-256 of the token. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('magic_links')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('identifier', 'varchar(320)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('activated_at', 'varchar(32)')
    .addColumn('status_claimed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('magic_links_expires').on('magic_links').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('magic_links').execute();
}
