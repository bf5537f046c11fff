import type { Kysely } from 'kysely';

/** Per-app RSA signing keys (JWK JSON). The oldest unretired key signs; all unretired keys are published. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('retired_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('signing_keys_app')
    .on('signing_keys')
    .columns(['app_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
}
