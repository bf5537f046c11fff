import { type Kysely, sql } from 'kysely';

/**
 * At most one unretired key per app made on first use. Instances that sign for the first time together
 * all find no key and each generate one; the database keeps the first insert and ignores the others,
 * which then read the winner, so every instance signs with and publishes the same key. Keys from before
 * this migration are marked 0: an app whose instances raced before keeps both until one is retired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signing_keys')
    .addColumn('first_use', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('signing_keys_one_first_use')
    .on('signing_keys')
    .column('app_id')
    .unique()
    .where(sql.ref('first_use'), '=', 1)
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('signing_keys_one_first_use').execute();
  await db.schema.alterTable('signing_keys').dropColumn('first_use').execute();
}
