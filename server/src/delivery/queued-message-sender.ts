import type { Db } from '../db/database.js';
import type { MessageSender, OutgoingMessage } from './outgoing-message.js';
import type { QueueRepository } from './queue-repository.js';

/** The MessageSender features use: one insert into the queue, then a nudge to this instance's worker. */
export class QueuedMessageSender implements MessageSender {
  constructor(
    private readonly queue: QueueRepository,
    private readonly onEnqueued: () => void = () => {},
  ) {}

  async enqueue(message: OutgoingMessage): Promise<void> {
    await this.enqueueIn(undefined, message);
  }

  /** Enqueues inside the caller's transaction (e.g. the contact form: stored message + mail together). */
  async enqueueIn(trx: Db | undefined, message: OutgoingMessage): Promise<string> {
    const id = await this.queue.insert(message, Date.now(), trx);
    if (!trx) this.onEnqueued();
    return id;
  }

  /** After the caller's transaction committed. */
  notify(): void {
    this.onEnqueued();
  }
}
