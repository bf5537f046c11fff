import type { Kysely } from 'kysely';

/**
 * The event log (docs/server/operations.md): one row per sign-in, refused proof and account change, with
 * the client's address and user agent. Read newest first per user (`recent_events`) and per app, pruned
 * by age, deleted with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)')
    .addColumn('actor', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip_addr', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_events_user')
    .on('user_events')
    .columns(['app_id', 'user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('user_events_app')
    .on('user_events')
    .columns(['app_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('user_events_age').on('user_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_events').execute();
}
