import type { Generated } from 'kysely';

/** Table types for Kysely. JSON documents are stored as text so one schema serves SQLite and PostgreSQL. */
export interface AppsTable {
  id: string;
  /** The app's settings as JSON (see apps/app-settings.ts). */
  settings: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface DevOutboxTable {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

export interface Database {
  apps: AppsTable;
  dev_outbox: DevOutboxTable;
}
