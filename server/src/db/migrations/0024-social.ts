import type { Kysely } from 'kysely';

/**
 * Social sign-in (docs/server/social-sign-in.md): the identities linked to users, the flows between
 * `/social/authorize` and the provider's callback, and the one-time codes `/social/token` exchanges.
 * Flows and codes are found by the SHA-256 of their secret and deleted when used (single use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_connections')
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('provider_identifier', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('social_connections_pk', ['app_id', 'user_id', 'type'])
    .addUniqueConstraint('social_connections_identity', ['app_id', 'type', 'provider_id'])
    .execute();
  await db.schema
    .createTable('social_flows')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('link_user_id', 'varchar(64)')
    .addColumn('link_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('binding_hash', 'varchar(64)')
    .addColumn('client_state', 'text')
    .addColumn('code_challenge', 'varchar(256)', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('provider_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_flows_expires_at').on('social_flows').column('expires_at').execute();
  await db.schema
    .createTable('social_codes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_challenge', 'varchar(256)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_codes_expires_at').on('social_codes').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_codes').execute();
  await db.schema.dropTable('social_flows').execute();
  await db.schema.dropTable('social_connections').execute();
}
