import type { MessageKind } from '../outgoing-message.js';

/**
 * The words of one message kind in one language. `{name}` placeholders are filled from the message's
 * params; a sentence whose placeholder has no value is left out.
 */
export interface KindText {
  subject: string;
  intro: string;
  /** Label of the button/link when the message carries a `link`. */
  action?: string;
  outro: string[];
  /** The whole SMS text (SMS carries no subject or HTML). */
  sms: string;
}

export interface Catalog {
  /** Writing direction of the HTML mail; left to right unless set. */
  dir?: 'rtl';
  kinds: Record<MessageKind, KindText>;
  /** Contact mail: the heading above the submitted fields. */
  contactFields: string;
  footer: string;
}

/** Default lifetimes shown in the text when the sender gives none (security.md C1). */
export const DEFAULT_TTL_MINUTES: Partial<Record<MessageKind, string>> = {
  'one-time-code': '5',
  'magic-link': '10',
  'verify-identifier': '10',
};
