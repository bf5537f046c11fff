import type { Kysely } from 'kysely';

/**
 * A link of a provider identity waits with its one-time code and is made only when `/social/token`
 * sees the PKCE verifier of the page that asked (docs/server/social-sign-in.md): whoever merely opens a
 * link URL cannot attach their provider account to someone else's user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('social_codes').addColumn('link_provider_id', 'varchar(255)').execute();
  await db.schema.alterTable('social_codes').addColumn('link_identifier', 'varchar(320)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['link_identifier', 'link_provider_id']) {
    await db.schema.alterTable('social_codes').dropColumn(column).execute();
  }
}
