import type { Migration } from 'kysely';
import * as apps from './0001-apps.js';
import * as devOutbox from './0002-dev-outbox.js';

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-apps': apps,
  '0002-dev-outbox': devOutbox,
};
