/** A rendered message ready for one transport. */
export interface Envelope {
  channel: 'email' | 'sms';
  to: string;
  /** Display name of the sender (the app's name); the address comes from MAIL_FROM. */
  fromName: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The SMS text (SMS transports send only this). */
  sms: string;
}

export interface Transport {
  readonly name: string;
  /** Resolves with the provider's id of the message when it gives one (SMS vendors), for delivery status. */
  send(envelope: Envelope): Promise<string | void>;
  close?(): void;
}

/**
 * A failed send; `permanent` when retrying is unlikely to help (e.g. SMTP 550 unknown mailbox), which is
 * still tried a few times; `final` when the provider has ruled on the recipient itself (an invalid phone
 * number), so the message is marked failed at once.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly final = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
