import type { DevOutbox } from '../dev/dev-outbox.js';
import type { MessageSender, OutgoingMessage } from './outgoing-message.js';

/** Interim sender: writes a plain-text rendering straight to the dev outbox (replaced by the delivery queue). */
export class DevOutboxSender implements MessageSender {
  constructor(private readonly outbox: DevOutbox) {}

  async enqueue(message: OutgoingMessage): Promise<void> {
    const subject = `${message.params.appName ?? 'Sign in'}: ${message.kind}`;
    const text = Object.entries(message.params)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n');
    await this.outbox.add({ channel: message.channel, to: message.to, subject, text });
  }
}
