import type { Selectable } from 'kysely';
import type { Db, DbKind } from '../db/database.js';
import { PreparedInsert } from '../db/prepared-query.js';
import { claimDueRows } from '../db/leased-claim.js';
import type { OutgoingMessagesTable } from '../db/schema.js';
import { newTimeOrderedId } from '../security/random.js';
import type { OutgoingMessage } from './outgoing-message.js';
import type { ParamsCipher } from '../security/params-cipher.js';

export type QueuedRow = Selectable<OutgoingMessagesTable>;

const iso = (ms: number) => new Date(ms).toISOString();

/** A sent message's columns: its parameters (codes, links) wiped, its claim released. */
const sentColumns = (now: number) =>
  ({ status: 'sent', sent_at: iso(now), params: '{}', claimed_by: null, claimed_until: null }) as const;

/** The SQL of the delivery queue. Timestamps are ISO strings, which sort like the times they name. */
export class QueueRepository {
  /** Every message sent is one of these. */
  private readonly insertRow: PreparedInsert<'outgoing_messages'>;

  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly cipher: ParamsCipher,
  ) {
    this.insertRow = new PreparedInsert(db, 'outgoing_messages');
  }

  /**
   * One insert; `db` may be a transaction so a feature's own row and its message commit together.
   * With `claim` the row is born claimed by that worker (the sender hands it over in memory).
   */
  async insert(
    message: OutgoingMessage,
    now: number,
    db: Db = this.db,
    claim?: { workerId: string; leaseMs: number },
  ): Promise<QueuedRow> {
    const row: QueuedRow = {
      id: newTimeOrderedId(now),
      app_id: message.appId,
      channel: message.channel,
      recipient: message.to,
      kind: message.kind,
      language: message.language,
      params: this.cipher.seal(message.params),
      reply_to: message.replyTo ?? null,
      status: 'pending',
      attempts: claim ? 1 : 0,
      next_attempt_at: iso(now),
      claimed_by: claim?.workerId ?? null,
      claimed_until: claim ? iso(now + claim.leaseMs) : null,
      last_error: null,
      created_at: iso(now),
      expires_at: message.expiresAt === undefined ? null : iso(message.expiresAt),
      sent_at: null,
      provider_message_id: null,
      delivery_status: null,
      delivery_status_at: null,
    };
    await this.insertRow.run(db, row);
    return row;
  }

  /** Messages still to send (due now or waiting for a retry), counted by channel. */
  async pendingByChannel(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('outgoing_messages')
      .select((eb) => ['channel', eb.fn.countAll<number | string>().as('pending')])
      .where('status', '=', 'pending')
      .groupBy('channel')
      .execute();
    // PostgreSQL answers count(*) as a bigint string.
    return Object.fromEntries(rows.map((row) => [row.channel, Number(row.pending)]));
  }

  /** The template parameters of a queued row, unsealed. */
  params(row: QueuedRow): Record<string, string> {
    return this.cipher.open(row.params);
  }

  /** Claims up to `limit` due messages for one worker, as a lease (db/leased-claim.ts). */
  claimDue(workerId: string, now: number, leaseMs: number, limit: number): Promise<QueuedRow[]> {
    return claimDueRows(this.db, this.kind, 'outgoing_messages', { workerId, now, leaseMs, limit });
  }

  /** Delivered (one statement for a whole batch): the template parameters (codes, links) are wiped. */
  async markSent(ids: string[], workerId: string, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('outgoing_messages')
      .set(sentColumns(now))
      .where('id', 'in', ids)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  /**
   * One message the provider accepted under its own id (SMS): marked sent with that id as soon as its send
   * resolves, not with the rest of its batch, so that a status report arriving meanwhile finds it.
   */
  async markSentAs(id: string, providerMessageId: string, workerId: string, now: number): Promise<void> {
    await this.db
      .updateTable('outgoing_messages')
      .set({ ...sentColumns(now), provider_message_id: providerMessageId })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  /**
   * Records the delivery status a provider reported for its message id; the message's id, app and kind,
   * or undefined when no SMS has that provider id (another server's, or pruned) or its status is already
   * recorded: the first final status wins, so a replayed receipt (signed, still in its time window) or a
   * late contradictory one changes nothing.
   */
  async recordDeliveryStatus(
    providerMessageId: string,
    status: 'delivered' | 'failed',
    detail: string | null,
    now: number,
  ): Promise<Pick<QueuedRow, 'id' | 'app_id' | 'kind'> | undefined> {
    return this.db
      .updateTable('outgoing_messages')
      .set({
        delivery_status: status,
        delivery_status_at: iso(now),
        ...(detail === null ? {} : { last_error: detail.slice(0, 1000) }),
      })
      .where('provider_message_id', '=', providerMessageId)
      .where('channel', '=', 'sms')
      .where('delivery_status', 'is', null)
      .returning(['id', 'app_id', 'kind'])
      .executeTakeFirst();
  }

  /** Not sent because it expired first: marked failed with its parameters wiped. */
  async markExpired(id: string, workerId: string): Promise<void> {
    await this.db
      .updateTable('outgoing_messages')
      .set({
        status: 'failed',
        last_error: 'expired before it could be sent',
        params: '{}',
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  /** Failed this time: due again at `retryAt`, or given up (`failed`, parameters wiped) when `giveUp`. */
  async markFailed(
    id: string,
    workerId: string,
    error: string,
    retryAt: number,
    giveUp: boolean,
  ): Promise<void> {
    await this.db
      .updateTable('outgoing_messages')
      .set({
        status: giveUp ? 'failed' : 'pending',
        next_attempt_at: iso(retryAt),
        last_error: error.slice(0, 1000),
        claimed_by: null,
        claimed_until: null,
        ...(giveUp ? { params: '{}' } : {}),
      })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  async find(id: string): Promise<QueuedRow | undefined> {
    return this.db.selectFrom('outgoing_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
