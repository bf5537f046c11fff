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
  send(envelope: Envelope): Promise<void>;
  close?(): void;
}

/** A failed send; `permanent` when retrying cannot help (e.g. SMTP 550 unknown mailbox). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
