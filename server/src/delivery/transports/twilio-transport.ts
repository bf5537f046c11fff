import type { TwilioSettings } from '../../config/config.js';
import { basicAuth, failureByStatus, parseJson, postToProvider, withoutNumber } from './provider-http.js';
import { DeliveryError, type Envelope, type Transport } from './transport.js';

/**
 * Twilio's error codes that rule on the recipient: 21211 invalid "To" number, 21614 not a mobile number,
 * 21610 the recipient replied STOP. Sending again cannot succeed.
 */
const RECIPIENT_REFUSED = new Set([21211, 21610, 21614]);

/** Twilio's error body: `{"code": 21211, "message": "The 'To' number … is not a valid phone number.", …}`. */
function twilioError(body: string): { code: number | null; message: string } {
  const json = parseJson(body) as { code?: unknown; message?: unknown } | null;
  return {
    code: typeof json?.code === 'number' ? json.code : null,
    message: typeof json?.message === 'string' ? json.message : 'no error message',
  };
}

/** The message's SID from Twilio's answer (`{"sid": "SM…", "status": "queued", …}`), if it has one. */
function messageSid(body: string): string | undefined {
  const sid = (parseJson(body) as { sid?: unknown } | null)?.sid;
  return typeof sid === 'string' && sid.length <= 128 ? sid : undefined;
}

/**
 * Sends SMS with Twilio's Messages resource: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form
 * fields To, Body and From or MessagingServiceSid, HTTP Basic auth with the account SID and auth token.
 */
export class TwilioTransport implements Transport {
  readonly name = 'twilio';
  private readonly url: string;
  private readonly authorization: string;

  /**
   * `statusCallback`: where Twilio posts the message's status (SMS_DELIVERY_STATUS=on), signed with the
   * auth token; null asks for none.
   */
  constructor(
    private readonly settings: TwilioSettings,
    private readonly timeoutMs = 15_000,
    private readonly statusCallback: string | null = null,
  ) {
    this.url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = basicAuth(settings.accountSid, settings.authToken);
  }

  async send(envelope: Envelope): Promise<string | void> {
    const form = new URLSearchParams({ To: envelope.to, Body: envelope.sms });
    if (this.settings.from) form.set('From', this.settings.from);
    if (this.settings.messagingServiceSid) form.set('MessagingServiceSid', this.settings.messagingServiceSid);
    if (this.statusCallback) form.set('StatusCallback', this.statusCallback);
    const answer = await postToProvider(
      'Twilio',
      this.url,
      {
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      this.timeoutMs,
    );
    if (answer.status >= 200 && answer.status < 300) return messageSid(answer.body);
    const byStatus = failureByStatus('Twilio', answer.status, 'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    if (byStatus) throw byStatus;
    const { code, message } = twilioError(answer.body);
    const described = `Twilio refused the message (HTTP ${answer.status}, error ${code ?? 'unknown'}): ${withoutNumber(message, envelope.to)}`;
    throw new DeliveryError(described, true, code !== null && RECIPIENT_REFUSED.has(code));
  }
}
