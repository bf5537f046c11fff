import type { Kysely } from 'kysely';

/**
 * Wrong one-time codes per user across codes: counted until a successful sign-in,
 * never reset by time or by a new code, with an escalating pause every ten failures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('code_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('code_locked_until', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('code_locked_until').execute();
  await db.schema.alterTable('users').dropColumn('code_failures').execute();
}
