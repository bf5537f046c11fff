import { type Kysely, sql } from 'kysely';

/** End users of every app. An absent email or phone is NULL so the unique indexes allow many. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'varchar(32)')
    .addColumn('phone_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_metadata', 'text')
    .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('users_app_email').on('users').columns(['app_id', 'email']).unique().execute();
  await db.schema.createIndex('users_app_phone').on('users').columns(['app_id', 'phone']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
