import type { Kysely } from 'kysely';

/**
 * An SMS's id at its provider, and the delivery status the provider reported for it (Twilio's status
 * callbacks, Vonage's delivery receipts: docs/server/sms-providers.md), found by that id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_messages').addColumn('provider_message_id', 'varchar(128)').execute();
  await db.schema.alterTable('outgoing_messages').addColumn('delivery_status', 'varchar(16)').execute();
  await db.schema.alterTable('outgoing_messages').addColumn('delivery_status_at', 'varchar(32)').execute();
  await db.schema
    .createIndex('outgoing_messages_provider_id')
    .on('outgoing_messages')
    .column('provider_message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outgoing_messages_provider_id').execute();
  for (const column of ['delivery_status_at', 'delivery_status', 'provider_message_id']) {
    await db.schema.alterTable('outgoing_messages').dropColumn(column).execute();
  }
}
