import type { Kysely } from 'kysely';

/** Passkeys (WebAuthn credentials). A credential id belongs to one user of one app, ever. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webauthn_credentials')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    // base64url of the raw credential id: at most 1023 bytes -> 1364 characters.
    .addColumn('cred_id', 'varchar(1400)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('aaguid', 'varchar(36)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('backup_eligible', 'integer', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('friendly_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_credentials_cred_id')
    .unique()
    .on('webauthn_credentials')
    .column('cred_id')
    .execute();
  await db.schema
    .createIndex('webauthn_credentials_user')
    .on('webauthn_credentials')
    .columns(['app_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_credentials').execute();
}
