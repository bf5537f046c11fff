import { EMAILJS } from './emailjs-answers.js';

/** One contact-form submission as @emailjs/browser sends it (sendForm: multipart; send: JSON). */
export interface ContactSubmission {
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** The form's own fields (name, email, message, …), as text. */
  fields: Record<string, string>;
  /**
   * Why this is a bot's: the honeypot `website` was filled, or the form reported a fill time under
   * MIN_FILL_MS. Such a submission is answered like any other, stored, and never forwarded.
   */
  spam: SpamReason | null;
  /** The sender's name and address as found in the usual EmailJS field names. */
  name: string;
  replyTo: string | null;
}

/** Fields the library adds itself; everything else is the form's content. */
const LIBRARY_FIELDS = new Set(['lib_version', 'service_id', 'template_id', 'user_id', 'accessToken']);
export const HONEYPOT_FIELD = 'website';
/**
 * How long the visitor took to fill the form, in milliseconds, as the page reports it at submit (the demo's
 * form does). Absent: not judged — other EmailJS clients and a form posted without JavaScript do not send it.
 */
export const FILL_TIME_FIELD = 'fill_ms';
/** A person takes longer than this to fill a form; the demo's form waits so that it never reports less. */
export const MIN_FILL_MS = 3000;
export type SpamReason = 'honeypot' | 'too_fast';
export const MAX_FIELDS = 30;
export const MAX_FIELD_LENGTH = 10_000;

// `senderName` and `sender` are the demo form's fields.
const NAME_FIELDS = ['name', 'user_name', 'from_name', 'fullname', 'full_name', 'senderName'];
const EMAIL_FIELDS = ['email', 'user_email', 'from_email', 'reply_to', 'email_address', 'sender'];
/** Strict enough for a Reply-To header: no spaces, no control characters, one @, a dotted domain. */
// eslint-disable-next-line no-control-regex
const SAFE_EMAIL = /^[^\s@"<>()[\],;:\\\u0000-\u001f\u007f]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

function isSafeEmail(value: string): boolean {
  return value.length <= 254 && SAFE_EMAIL.test(value);
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/** A reported fill time that is not a number of at least MIN_FILL_MS (empty, text, too small) is a bot's. */
function filledTooFast(reported: string | undefined): boolean {
  if (reported === undefined) return false;
  const text = reported.trim();
  return text === '' || !(Number(text) >= MIN_FILL_MS);
}

function required(value: unknown, error: () => Error): string {
  const text = asText(value).trim();
  if (!text) throw error();
  return text;
}

/**
 * Reads the library's fields and the form's fields; throws an EmailJsAnswer for what EmailJS refuses.
 * `params` is the form content: the multipart fields themselves (sendForm) or `template_params` (send).
 */
export function readSubmission(
  library: Record<string, unknown>,
  params: Record<string, unknown>,
): ContactSubmission {
  const publicKey = required(library.user_id, EMAILJS.publicKeyRequired);
  const serviceId = required(library.service_id, EMAILJS.serviceIdRequired);
  const templateId = required(library.template_id, EMAILJS.templateIdRequired);
  const entries = Object.entries(params).filter(([key]) => !LIBRARY_FIELDS.has(key));
  if (entries.length > MAX_FIELDS)
    throw EMAILJS.badRequest(`A message may have at most ${MAX_FIELDS} fields.`);
  const fields: Record<string, string> = {};
  for (const [key, value] of entries) {
    const text = asText(value);
    if (key.length > 100 || text.length > MAX_FIELD_LENGTH) throw EMAILJS.tooLarge();
    fields[key] = text;
  }
  const spam: SpamReason | null =
    (fields[HONEYPOT_FIELD] ?? '').trim() !== ''
      ? 'honeypot'
      : filledTooFast(fields[FILL_TIME_FIELD])
        ? 'too_fast'
        : null;
  delete fields[HONEYPOT_FIELD];
  delete fields[FILL_TIME_FIELD];
  const pick = (names: string[]) => names.map((n) => fields[n]?.trim() ?? '').find((v) => v !== '') ?? '';
  const email = pick(EMAIL_FIELDS);
  return {
    publicKey,
    serviceId,
    templateId,
    fields,
    spam,
    name: pick(NAME_FIELDS) || email,
    replyTo: email && isSafeEmail(email) ? email : null,
  };
}
