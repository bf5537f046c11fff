import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outgoing_messages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('language', 'varchar(35)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'varchar(320)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(32)')
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  // The worker's claim query: pending rows that are due.
  await db.schema
    .createIndex('outgoing_messages_due')
    .on('outgoing_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // Tests and the benchmark read the dev outbox by recipient.
  await db.schema.createIndex('dev_outbox_recipient').on('dev_outbox').column('recipient').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dev_outbox_recipient').execute();
  await db.schema.dropTable('outgoing_messages').execute();
}
