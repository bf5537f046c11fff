import type { VonageSettings } from '../../config/config.js';
import { failureByStatus, parseJson, postToProvider, withoutNumber } from './provider-http.js';
import { DeliveryError, type Envelope, type Transport } from './transport.js';

/** Vonage's statuses worth another try: 1 throttled, 5 internal error, 9 quota (out of credit), 10 too many binds. */
const TRANSIENT = new Set(['1', '5', '9', '10']);
/** Refused credentials: 4 invalid credentials, 14 invalid signature. */
const CREDENTIALS = new Set(['4', '14']);
/**
 * Statuses that rule on the recipient: 3 invalid parameters (the number, as a rule: the others are the
 * server's settings), 6 unroutable number, 7 number barred, 33 number deactivated.
 */
const RECIPIENT_REFUSED = new Set(['3', '6', '7', '33']);

const CREDENTIAL_SETTINGS = 'VONAGE_API_KEY and VONAGE_API_SECRET';

/** The first message's status and error text of Vonage's answer (200 even when the message was refused). */
function firstMessage(
  body: string,
): { status: string; errorText: string; messageId: string | undefined } | null {
  type Message = { status?: unknown; 'error-text'?: unknown; 'message-id'?: unknown };
  const json = parseJson(body) as { messages?: Message[] } | null;
  const first = json?.messages?.[0];
  if (typeof first?.status !== 'string') return null;
  const errorText = first['error-text'];
  const messageId = first['message-id'];
  return {
    status: first.status,
    errorText: typeof errorText === 'string' ? errorText : 'no error text',
    messageId: typeof messageId === 'string' && messageId.length <= 128 ? messageId : undefined,
  };
}

/** GSM-7 covers plain ASCII text; anything else (Arabic, Chinese, accents) must go as type=unicode. */
function messageType(text: string): 'text' | 'unicode' {
  return /^[\x20-\x7e\r\n]*$/.test(text) ? 'text' : 'unicode';
}

/**
 * Sends SMS with Vonage's SMS API: `POST /sms/json`, form fields api_key, api_secret, from, to (digits
 * only), text and type. It answers 200 for refused messages too; `messages[0].status` says what happened.
 */
export class VonageTransport implements Transport {
  readonly name = 'vonage';
  private readonly url: string;

  /** `callback`: the delivery receipt URL each message names (SMS_DELIVERY_STATUS=on); null leaves the dashboard's. */
  constructor(
    private readonly settings: VonageSettings,
    private readonly timeoutMs = 15_000,
    private readonly callback: string | null = null,
  ) {
    this.url = `${settings.apiUrl}/sms/json`;
  }

  async send(envelope: Envelope): Promise<string | void> {
    const form = new URLSearchParams({
      api_key: this.settings.apiKey,
      api_secret: this.settings.apiSecret,
      from: this.settings.from,
      to: envelope.to.replace(/^\+/, ''),
      text: envelope.sms,
      type: messageType(envelope.sms),
    });
    if (this.callback) form.set('callback', this.callback);
    const answer = await postToProvider(
      'Vonage',
      this.url,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      this.timeoutMs,
    );
    const byStatus = failureByStatus('Vonage', answer.status, CREDENTIAL_SETTINGS);
    if (byStatus) throw byStatus;
    const message = firstMessage(answer.body);
    if (!message) {
      throw new DeliveryError(
        `Vonage answered HTTP ${answer.status} without a message status`,
        answer.status >= 400,
      );
    }
    if (message.status === '0') return message.messageId;
    throw this.failure(message.status, withoutNumber(message.errorText, envelope.to));
  }

  private failure(status: string, errorText: string): DeliveryError {
    const described = `Vonage refused the message (status ${status}): ${errorText}`;
    if (TRANSIENT.has(status)) return new DeliveryError(`${described}; will retry`, false);
    if (CREDENTIALS.has(status)) {
      return new DeliveryError(`${described}: check ${CREDENTIAL_SETTINGS}`, true);
    }
    return new DeliveryError(described, true, RECIPIENT_REFUSED.has(status));
  }
}
