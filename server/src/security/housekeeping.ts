import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { isoIn } from './clock.js';

const EVERY_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_AFTER_EXPIRY_MS = DAY_MS;

/**
 * Deletes codes, links, refresh families (with their tokens) and rate-limit windows that ended more than a day ago, so the
 * tables do not grow forever. Never needed for correctness (every check looks at expiry itself). Also
 * deletes the event log's entries older than its retention (EVENT_RETENTION_DAYS), the delivery queue's
 * sent and failed messages whose last attempt is older than that, and the webhooks' delivery log and
 * their sent or given-up messages as old.
 */
export class Housekeeping {
  private lastRun = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly eventRetentionDays: number,
  ) {}

  /** Runs in the background at most every 10 minutes per instance; called from the send routes and sign-ins. */
  maybeRun(): void {
    if (Date.now() - this.lastRun < EVERY_MS) return;
    this.lastRun = Date.now();
    this.run().catch((error: unknown) => this.log.warn({ err: error }, 'housekeeping failed'));
  }

  async run(): Promise<void> {
    const before = isoIn(-KEEP_AFTER_EXPIRY_MS);
    await this.db.deleteFrom('one_time_codes').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('magic_links').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('social_flows').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('social_codes').where('expires_at', '<', before).execute();
    const endedFamilies = this.db
      .selectFrom('refresh_families')
      .select('id')
      .where('expires_at', '<', before);
    await this.db.deleteFrom('refresh_tokens').where('family_id', 'in', endedFamilies).execute();
    await this.db.deleteFrom('refresh_families').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
    const retainedSince = isoIn(-this.eventRetentionDays * DAY_MS);
    await this.db.deleteFrom('user_events').where('created_at', '<', retainedSince).execute();
    // Sent and given-up messages (their parameters already wiped) are kept as long as events, for their
    // delivery status; `next_attempt_at` is a message's last attempt, and the queue's index covers it.
    await this.db
      .deleteFrom('outgoing_messages')
      .where('status', 'in', ['sent', 'failed'])
      .where('next_attempt_at', '<', retainedSince)
      .execute();
    // Webhooks' delivery log and their sent or given-up messages are kept as long as the event log.
    await this.db.deleteFrom('webhook_attempts').where('created_at', '<', retainedSince).execute();
    await this.db
      .deleteFrom('webhook_messages')
      .where('status', '!=', 'pending')
      .where('created_at', '<', retainedSince)
      .execute();
  }
}
