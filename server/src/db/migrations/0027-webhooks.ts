import type { Kysely } from 'kysely';

/**
 * Webhooks (docs/server/operations.md, "Webhooks"): an app's endpoints, the durable outbox of messages
 * to send them (one row per message and endpoint, claimed like the delivery queue's rows) and the
 * delivery log (one row per attempt), pruned with the event log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(256)', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_app').on('webhook_endpoints').column('app_id').execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('endpoint_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
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
    .createIndex('webhook_messages_due')
    .on('webhook_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_messages_endpoint')
    .on('webhook_messages')
    .column('endpoint_id')
    .execute();
  await db.schema.createIndex('webhook_messages_age').on('webhook_messages').column('created_at').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('endpoint_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The delivery log of an endpoint, newest first, a page at a time.
  await db.schema
    .createIndex('webhook_attempts_endpoint')
    .on('webhook_attempts')
    .columns(['endpoint_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('webhook_attempts_age').on('webhook_attempts').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_messages').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
