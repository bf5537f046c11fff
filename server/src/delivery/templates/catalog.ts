import { CODE_LIFETIME_MS, LINK_LIFETIME_MS } from '../../security/lifetimes.js';
import type { MessageKind } from '../outgoing-message.js';

const minutes = (ms: number) => String(ms / 60_000);

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

/** The lifetimes the texts state, unless a sender passes its own `ttlMinutes`. */
export const DEFAULT_TTL_MINUTES: Partial<Record<MessageKind, string>> = {
  'one-time-code': minutes(CODE_LIFETIME_MS),
  'magic-link': minutes(LINK_LIFETIME_MS),
  'verify-identifier': minutes(LINK_LIFETIME_MS),
};
