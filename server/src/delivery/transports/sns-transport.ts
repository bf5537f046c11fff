import { AwsV4Signer } from 'aws4fetch';
import type { SnsSettings } from '../../config/config.js';
import { failureByStatus, postToProvider, withoutNumber } from './provider-http.js';
import { DeliveryError, type Envelope, type Transport } from './transport.js';

const CREDENTIAL_SETTINGS = 'AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN';
/** Error codes SNS answers with HTTP 400 that still mean "try again later". */
const THROTTLED = new Set(['Throttling', 'ThrottlingException', 'ThrottledException']);
/** Error codes SNS answers with HTTP 400 that mean refused credentials. */
const CREDENTIALS = new Set(['ExpiredToken', 'InvalidClientTokenId', 'SignatureDoesNotMatch']);

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** `<Code>` and `<Message>` of SNS's XML error answer (`<ErrorResponse><Error>…`), entities decoded. */
function snsError(body: string): { code: string; message: string } {
  const text = (tag: string) =>
    new RegExp(`<${tag}>([^<]*)</${tag}>`)
      .exec(body)?.[1]
      ?.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
  return { code: text('Code') ?? 'unknown', message: text('Message') ?? 'no error message' };
}

/**
 * Sends SMS with Amazon SNS's Publish action (query API: a form with Action=Publish, PhoneNumber and
 * Message, version 2010-03-31), as a transactional SMS, signed with Signature Version 4 by aws4fetch.
 */
export class SnsTransport implements Transport {
  readonly name = 'sns';

  constructor(
    private readonly settings: SnsSettings,
    private readonly timeoutMs = 15_000,
  ) {}

  async send(envelope: Envelope): Promise<string | void> {
    const url = `${this.settings.apiUrl}/`;
    const body = this.publishForm(envelope).toString();
    const signed = await new AwsV4Signer({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
      service: 'sns',
      region: this.settings.region,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      ...(this.settings.sessionToken ? { sessionToken: this.settings.sessionToken } : {}),
    }).sign();
    const headers = Object.fromEntries(signed.headers);
    const answer = await postToProvider('Amazon SNS', url, { headers, body }, this.timeoutMs);
    // Kept with the message: SNS's delivery logs in CloudWatch name it (docs/server/sms-providers.md).
    if (answer.status >= 200 && answer.status < 300)
      return /<MessageId>([^<]{1,128})<\/MessageId>/.exec(answer.body)?.[1];
    const byStatus = failureByStatus('Amazon SNS', answer.status, CREDENTIAL_SETTINGS);
    if (byStatus) throw byStatus;
    const error = snsError(answer.body);
    throw this.failure(answer.status, { ...error, message: withoutNumber(error.message, envelope.to) });
  }

  /** Publish to one phone number; Transactional asks for the route AWS keeps for codes. */
  private publishForm(envelope: Envelope): URLSearchParams {
    return new URLSearchParams({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: envelope.to,
      Message: envelope.sms,
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
    });
  }

  private failure(status: number, error: { code: string; message: string }): DeliveryError {
    const described = `Amazon SNS refused the message (HTTP ${status}, ${error.code}): ${error.message}`;
    if (THROTTLED.has(error.code)) return new DeliveryError(`${described}; will retry`, false);
    if (CREDENTIALS.has(error.code)) {
      return new DeliveryError(`${described}: check ${CREDENTIAL_SETTINGS}`, true);
    }
    const badNumber = error.code === 'InvalidParameter' && /PhoneNumber/i.test(error.message);
    return new DeliveryError(described, true, badNumber);
  }
}
