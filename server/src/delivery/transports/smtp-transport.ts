import nodemailer, { type Transporter } from 'nodemailer';
import { oneLine } from '../templates/render.js';
import { DeliveryError, type Envelope, type Transport } from './transport.js';

export interface SmtpOptions {
  /** e.g. `smtp://user:pass@host:587` or `smtps://…:465`. */
  url: string;
  /** The sender address, e.g. `no-reply@example.com`. */
  from: string;
  /** Connection, greeting and socket time-outs: a dead server must not hold a worker for long. */
  timeoutMs?: number;
}

/** Sends email through an SMTP server with nodemailer (a new connection per message, bounded time-outs). */
export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;

  constructor(private readonly options: SmtpOptions) {
    const timeout = options.timeoutMs ?? 15_000;
    this.transporter = nodemailer.createTransport(options.url, {
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as never);
  }

  async send(envelope: Envelope): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: { name: oneLine(envelope.fromName), address: this.options.from },
        to: envelope.to,
        ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
        subject: oneLine(envelope.subject),
        text: envelope.text,
        html: envelope.html,
        // Never let user input add headers or recipients: nodemailer only reads these fields.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      const permanent = typeof code === 'number' && code >= 500 && code < 600;
      throw new DeliveryError(`SMTP: ${(error as Error).message}`, permanent);
    }
  }

  close(): void {
    this.transporter.close();
  }
}
