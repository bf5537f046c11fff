import type { FastifyBaseLogger } from 'fastify';
import type { DevOutbox } from '../../dev/dev-outbox.js';
import type { Envelope, Transport } from './transport.js';

/**
 * Development only: keeps the message in the dev outbox (GET /dev/outbox) instead of sending it.
 * The log line names the message but never its text, which may hold a code or a link.
 */
export class DevOutboxTransport implements Transport {
  readonly name = 'dev-outbox';

  constructor(
    private readonly outbox: DevOutbox,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(envelope: Envelope): Promise<void> {
    const id = await this.outbox.add({
      channel: envelope.channel,
      to: envelope.to,
      subject: envelope.channel === 'sms' ? 'SMS' : envelope.subject,
      text: envelope.channel === 'sms' ? envelope.sms : envelope.text,
      ...(envelope.channel === 'email' ? { html: envelope.html } : {}),
    });
    this.log.info(
      { outboxId: id, channel: envelope.channel, to: envelope.to },
      'dev outbox: message stored, read it at GET /dev/outbox',
    );
  }
}
