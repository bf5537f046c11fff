import type { Selectable } from 'kysely';
import type { Db, DbKind } from '../db/database.js';
import { claimDueRows, type SkippedRows } from '../db/leased-claim.js';
import type { WebhookAttemptsTable, WebhookMessagesTable } from '../db/schema.js';
import { newTimeOrderedId } from '../security/random.js';

export type OutboxRow = Selectable<WebhookMessagesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** One message to queue for one endpoint. */
export interface NewWebhookMessage {
  appId: string;
  endpointId: string;
  eventType: string;
  payload: string;
}

/** One try, for the delivery log. */
export interface Attempt {
  messageId: string;
  endpointId: string;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A Standard Webhooks message id: `msg_` and a time-ordered random id, kept on every retry. */
const newMessageId = (now: number) => `msg_${newTimeOrderedId(now)}`;

/**
 * The SQL of the webhook outbox and its delivery log. Claims are leases, as in the delivery queue
 * (db/leased-claim.ts): a message is sent at least once and never by two live instances at once.
 */
export class OutboxRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
  ) {}

  /** Queues messages, due now; `db` may be the transaction of the event they follow from. Returns their ids. */
  async insert(messages: readonly NewWebhookMessage[], now: number, db: Db = this.db): Promise<string[]> {
    if (messages.length === 0) return [];
    const rows: OutboxRow[] = messages.map((message) => ({
      id: newMessageId(now),
      app_id: message.appId,
      endpoint_id: message.endpointId,
      event_type: message.eventType,
      payload: message.payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: iso(now),
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      created_at: iso(now),
      sent_at: null,
    }));
    await db.insertInto('webhook_messages').values(rows).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Claims up to `limit` due messages for one worker, as a lease (db/leased-claim.ts), passing over those
   * of the apps and endpoints in `skip` (enough of theirs in flight already).
   */
  claimDue(
    workerId: string,
    now: number,
    leaseMs: number,
    limit: number,
    skip?: SkippedRows,
  ): Promise<OutboxRow[]> {
    return claimDueRows(this.db, this.kind, 'webhook_messages', { workerId, now, leaseMs, limit, skip });
  }

  /** Delivered, for a batch in one statement; only while this worker still holds the claims. */
  async markSent(ids: readonly string[], workerId: string, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_messages')
      .set({ status: 'sent', sent_at: iso(now), claimed_by: null, claimed_until: null, last_error: null })
      .where('id', 'in', ids)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  /** Failed this time: due again at `retryAt`, or given up (`failed`) when `giveUp`. */
  async markFailed(id: string, workerId: string, error: string, retryAt: number, giveUp: boolean) {
    await this.db
      .updateTable('webhook_messages')
      .set({
        status: giveUp ? 'failed' : 'pending',
        next_attempt_at: iso(retryAt),
        last_error: error.slice(0, 1000),
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  /** Writes a batch's tries to the delivery log. */
  async logAttempts(attempts: readonly Attempt[], now: number): Promise<void> {
    if (attempts.length === 0) return;
    await this.db
      .insertInto('webhook_attempts')
      .values(
        attempts.map((attempt) => ({
          id: newTimeOrderedId(now),
          message_id: attempt.messageId,
          endpoint_id: attempt.endpointId,
          event_type: attempt.eventType,
          attempt: attempt.attempt,
          status_code: attempt.statusCode,
          duration_ms: attempt.durationMs,
          error: attempt.error?.slice(0, 1000) ?? null,
          created_at: iso(now),
        })),
      )
      .execute();
  }

  /**
   * An endpoint's delivery log, newest first (by time, then id), going on after the attempt `after` (the
   * last id of the previous page). Ids compare in the database's collation, as they are ordered.
   */
  async attempts(endpointId: string, limit: number, after?: string): Promise<AttemptRow[]> {
    let query = this.db.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId);
    if (after !== undefined) {
      const cursor = await this.db
        .selectFrom('webhook_attempts')
        .select('created_at')
        .where('id', '=', after)
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirst();
      if (!cursor) return [];
      const time = cursor.created_at;
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', time), eb.and([eb('created_at', '=', time), eb('id', '<', after)])]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Messages still to send (due or waiting for a retry). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('pending'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // PostgreSQL answers count(*) as a bigint string.
    return Number(row?.pending ?? 0);
  }

  async find(id: string): Promise<OutboxRow | undefined> {
    return this.db.selectFrom('webhook_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
