import type { Kysely } from 'kysely';

/**
 * A refresh family is one sign-in: it carries the user, when and how they authenticated (the tokens'
 * `auth_time`), the absolute expiry and the revocation, so revoking a family is one row and a token
 * rotated in after a revocation is dead too. Tokens keep only their hash, family and use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refresh_families')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('authenticated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('refresh_families_user')
    .on('refresh_families')
    .columns(['app_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('refresh_families_expires')
    .on('refresh_families')
    .column('expires_at')
    .execute();

  // Families of the tokens issued so far: their first token dates the sign-in.
  const old = db as Kysely<{
    refresh_tokens: {
      id: string;
      app_id: string;
      user_id: string;
      family_id: string;
      token_hash: string;
      created_at: string;
      expires_at: string;
      used_at: string | null;
      revoked_at: string | null;
    };
    refresh_families: {
      id: string;
      app_id: string;
      user_id: string;
      method: string;
      authenticated_at: string;
      expires_at: string;
      revoked_at: string | null;
    };
  }>;
  await old
    .insertInto('refresh_families')
    .columns(['id', 'app_id', 'user_id', 'method', 'authenticated_at', 'expires_at', 'revoked_at'])
    .expression((eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select((s) => [
          'family_id',
          'app_id',
          'user_id',
          s.val('unknown').as('method'),
          s.fn.min('created_at').as('authenticated_at'),
          s.fn.max('expires_at').as('expires_at'),
          s.fn.max('revoked_at').as('revoked_at'),
        ])
        .groupBy(['family_id', 'app_id', 'user_id']),
    )
    .execute();

  await db.schema
    .createTable('refresh_tokens_by_hash')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await old
    .insertInto('refresh_tokens_by_hash' as 'refresh_tokens')
    .columns(['token_hash', 'family_id', 'created_at', 'used_at'])
    .expression((eb) =>
      eb.selectFrom('refresh_tokens').select(['token_hash', 'family_id', 'created_at', 'used_at']),
    )
    .execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.alterTable('refresh_tokens_by_hash').renameTo('refresh_tokens').execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('refresh_families').execute();
}
