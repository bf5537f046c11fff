import type { FastifyInstance } from 'fastify';
import { ErrorBody } from 'open-passage/contract';
import Type from 'typebox';
import type { Db } from '../db/database.js';
import { PreparedInsert } from '../db/prepared-query.js';
import { newTimeOrderedId } from '../security/random.js';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Where messages go in development mode when no SMTP or SMS transport is configured: stored in the
 * database so any instance can list them, and readable at GET /dev/outbox (from this machine only).
 */
export class DevOutbox {
  /** One per message delivered without SMTP or SMS: compiled once. */
  private readonly insert: PreparedInsert<'dev_outbox'>;

  constructor(private readonly db: Db) {
    this.insert = new PreparedInsert(db, 'dev_outbox');
  }

  async add(message: OutboxMessage): Promise<string> {
    const id = newTimeOrderedId();
    await this.insert.run(this.db, {
      id,
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      created_at: new Date().toISOString(),
    });
    return id;
  }

  /** Newest first. */
  async list(limit = 100) {
    const rows = await this.db
      .selectFrom('dev_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      text: r.text,
      created_at: r.created_at,
    }));
  }
}

const OutboxEntry = Type.Object({
  id: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
});

export function registerDevOutboxRoutes(app: FastifyInstance, outbox: DevOutbox): void {
  app.get(
    '/dev/outbox',
    {
      schema: {
        summary:
          'Messages the server would have sent, newest first (development mode only; 403 to a request not made on this machine)',
        tags: ['development'],
        response: { 200: Type.Array(OutboxEntry), 403: ErrorBody },
      },
    },
    async () => outbox.list(),
  );
}
