import type { Db } from '../db/database.js';
import type { MessageSender, OutgoingMessage, QueuedTicket } from './outgoing-message.js';
import type { QueuedRow, QueueRepository } from './queue-repository.js';

/** Where the sender hands the messages it stored: this instance's delivery worker. */
export interface Courier {
  readonly id: string;
  readonly leaseMs: number;
  take(rows: QueuedRow[]): void;
}

/**
 * The MessageSender features use: one insert into the queue, already claimed by this instance's worker,
 * which gets the row in memory and sends it at once (no claim query). Should this instance stop before
 * sending, the claim lapses and any instance's worker picks the message up.
 */
export class QueuedMessageSender implements MessageSender {
  constructor(
    private readonly queue: QueueRepository,
    private readonly courier: Courier,
  ) {}

  async enqueue(message: OutgoingMessage): Promise<void> {
    this.courier.take([await this.store(undefined, message)]);
  }

  enqueueIn(db: Db, message: OutgoingMessage): Promise<QueuedTicket> {
    return this.store(db, message);
  }

  release(tickets: QueuedTicket[]): void {
    this.courier.take(tickets as QueuedRow[]);
  }

  private store(db: Db | undefined, message: OutgoingMessage): Promise<QueuedRow> {
    return this.queue.insert(message, Date.now(), db, {
      workerId: this.courier.id,
      leaseMs: this.courier.leaseMs,
    });
  }
}
