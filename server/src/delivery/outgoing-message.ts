import type { Db } from '../db/database.js';

/**
 * The contract between the features that send messages (one-time codes, magic links, identifier
 * verification, the contact form) and delivery (queue, templates, SMTP/SMS/dev outbox).
 * Features describe WHAT to send; delivery decides how it looks and how it travels.
 */
export type MessageKind =
  | 'one-time-code'
  | 'magic-link'
  | 'verify-identifier'
  | 'contact'
  /** W8: a passkey was added to / removed from the account; params `{ appName, deviceName }`. */
  | 'passkey-added'
  | 'passkey-removed';

export interface OutgoingMessage {
  appId: string;
  channel: 'email' | 'sms';
  /** An email address or an E.164 phone number. */
  to: string;
  kind: MessageKind;
  /** BCP 47 language of the app or the request (templates fall back to English). */
  language: string;
  /** Template parameters, e.g. `{ code, appName }` or `{ link, appName }`. */
  params: Record<string, string>;
  /** Contact mail only: the submitter's address, used as Reply-To when it is a valid address. */
  replyTo?: string;
  /** When the message stops being useful (its code or link expires, ms since the epoch): dropped unsent after. */
  expiresAt?: number;
}

/** A message stored inside the caller's transaction, to hand over once that has committed. */
export interface QueuedTicket {
  readonly id: string;
}

export interface MessageSender {
  /** Stores the message for delivery and returns at once; delivery never slows the caller. */
  enqueue(message: OutgoingMessage): Promise<void>;
  /** Stores the message inside the caller's transaction `db`; pass the ticket to `release` after the commit. */
  enqueueIn(db: Db, message: OutgoingMessage): Promise<QueuedTicket>;
  /** Starts sending what `enqueueIn` stored, once its transaction has committed. */
  release(tickets: QueuedTicket[]): void;
}
