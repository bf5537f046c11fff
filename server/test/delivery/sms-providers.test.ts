import { AwsV4Signer } from 'aws4fetch';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { VonageTransport } from '../../src/delivery/transports/vonage-transport.js';
import {
  type FakeSmsProvider,
  type ProviderReply,
  type ProviderRequest,
  startFakeSmsProvider,
} from '../support/fake-sms-provider.js';
import { startTestServer, TEST_APP_ID } from '../support/test-server.js';

const fastRetries = { pollMs: 50, backoff: { baseMs: 40, maxMs: 150 }, permanentAttempts: 3 };
const TO = '+4915112345678';
const CODE_SMS = '778899 is your Test app code. It expires in 5 minutes.';

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The start-up error loadConfig throws for `env`. */
function refused(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the settings');
}

let provider: FakeSmsProvider | undefined;
afterEach(async () => {
  await provider?.stop();
  provider = undefined;
});

/**
 * Sends one code SMS through a server configured with `env` against a fake provider answering `replies`,
 * then `otherwise`; resolves with the queue row once it is sent or given up, and the fake's requests.
 */
async function sendOne(
  env: (providerUrl: string) => Record<string, string>,
  replies: ProviderReply[],
  otherwise: ProviderReply,
) {
  provider = await startFakeSmsProvider(replies, otherwise);
  const t = await startTestServer({ env: env(provider.url), build: { delivery: fastRetries } });
  try {
    await t.server.sender.enqueue({
      appId: TEST_APP_ID,
      channel: 'sms',
      to: TO,
      kind: 'one-time-code',
      language: 'en',
      params: { code: '778899' },
    });
    const row = await until(async () => {
      const r = await t.server.db.selectFrom('outgoing_messages').selectAll().executeTakeFirst();
      return (r?.status === 'sent' || r?.status === 'failed') && r;
    });
    return { row, requests: provider.requests };
  } finally {
    await t.stop();
  }
}

const twilioEnv = (url: string) => ({
  SMS_PROVIDER: 'twilio',
  TWILIO_API_URL: url,
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'tw-secret-token',
  TWILIO_FROM: '+15017122661',
});
const twilioCreated: ProviderReply = { status: 201, body: { sid: 'SM123', status: 'queued' } };
const twilioError = (status: number, code: number, message: string): ProviderReply => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

describe('SMS through Twilio', () => {
  it('POSTs To, From and Body as a form to the account’s Messages resource with Basic auth', async () => {
    const { row, requests } = await sendOne(twilioEnv, [], twilioCreated);
    expect(row.status).toBe('sent');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789abcdef:tw-secret-token').toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: TO,
      From: '+15017122661',
      Body: CODE_SMS,
    });
  });

  it('sends MessagingServiceSid instead of From when a messaging service is set', async () => {
    const env = (url: string) => {
      const { TWILIO_FROM: _from, ...rest } = twilioEnv(url);
      return { ...rest, TWILIO_MESSAGING_SERVICE_SID: 'MG0123' };
    };
    const { requests } = await sendOne(env, [], twilioCreated);
    const form = new URLSearchParams(requests[0]?.body);
    expect(form.get('MessagingServiceSid')).toBe('MG0123');
    expect(form.has('From')).toBe(false);
  });

  it.each([21211, 21614])('marks the message failed at once on error %i (invalid number)', async (code) => {
    const refusal = twilioError(400, code, `The 'To' number ${TO} is not a valid phone number.`);
    const { row, requests } = await sendOne(twilioEnv, [], refusal);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(requests).toHaveLength(1);
    expect(row.last_error).toBe(
      `Twilio refused the message (HTTP 400, error ${code}): The 'To' number [number] is not a valid phone number.`,
    );
  });

  it.each([429, 503])('retries HTTP %i with the queue’s back-off until it is sent', async (status) => {
    const { row, requests } = await sendOne(
      twilioEnv,
      [twilioError(status, 20429, 'Too Many Requests'), twilioError(status, 20429, 'Too Many Requests')],
      twilioCreated,
    );
    expect(row.status).toBe('sent');
    expect(requests).toHaveLength(3);
  });

  it('gives up after a few tries on refused credentials, naming the settings but not the token', async () => {
    const { row, requests } = await sendOne(twilioEnv, [], twilioError(401, 20003, 'Authenticate'));
    expect(row.status).toBe('failed');
    expect(requests).toHaveLength(3);
    expect(row.last_error).toContain('check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    expect(row.last_error).not.toContain('tw-secret-token');
  });
});

describe('SMS provider settings', () => {
  const twilio = twilioEnv('https://api.twilio.com');

  it.each(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'])(
    'SMS_PROVIDER=twilio without %s stops the start, naming it',
    (name) => {
      const message = refused({ ...twilio, [name]: '' });
      expect(message).toContain(`SMS_PROVIDER=twilio needs ${name}`);
      expect(message).not.toContain('tw-secret-token');
    },
  );

  it('SMS_PROVIDER=twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID', () => {
    expect(refused({ ...twilio, TWILIO_FROM: '' })).toContain('TWILIO_FROM');
  });

  it('keeps the URL of a JSON gateway working, and refuses anything else without echoing a password', () => {
    expect(loadConfig({ SMS_PROVIDER: 'https://gw:pw@sms.example/send' }).smsProvider).toEqual({
      kind: 'http',
      url: 'https://gw:pw@sms.example/send',
    });
    const message = refused({ SMS_PROVIDER: 'ftp://gw:pw@sms.example' });
    expect(message).toContain('SMS_PROVIDER must be twilio, vonage, sns or the URL of an HTTP SMS gateway');
    expect(message).not.toContain('pw');
  });

  it('takes the vendors’ own API when no override is set', () => {
    expect(loadConfig(twilio).smsProvider).toMatchObject({
      kind: 'twilio',
      apiUrl: 'https://api.twilio.com',
    });
  });
});

const vonageEnv = (url: string) => ({
  SMS_PROVIDER: 'vonage',
  VONAGE_API_URL: url,
  VONAGE_API_KEY: 'abcd1234',
  VONAGE_API_SECRET: 'vo-secret',
  VONAGE_FROM: 'Shop',
});
/** Vonage answers 200 whatever happened; the first message's status tells. */
const vonageStatus = (status: string, errorText?: string): ProviderReply => ({
  status: 200,
  body: {
    'message-count': '1',
    messages: [
      status === '0'
        ? { to: '4915112345678', 'message-id': '0A0000000123ABCD1', status }
        : { status, 'error-text': errorText },
    ],
  },
});

describe('SMS through Vonage', () => {
  it('POSTs api_key, api_secret, from, to (digits only) and text as a form to /sms/json', async () => {
    const { row, requests } = await sendOne(vonageEnv, [], vonageStatus('0'));
    expect(row.status).toBe('sent');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.path).toBe('/sms/json');
    expect(requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body))).toEqual({
      api_key: 'abcd1234',
      api_secret: 'vo-secret',
      from: 'Shop',
      to: '4915112345678',
      text: CODE_SMS,
      type: 'text',
    });
  });

  it('marks the message failed at once on status 3 (invalid number)', async () => {
    const refusal = vonageStatus('3', 'Invalid to address: 4915112345678');
    const { row, requests } = await sendOne(vonageEnv, [], refusal);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(requests).toHaveLength(1);
    expect(row.last_error).toBe('Vonage refused the message (status 3): Invalid to address: [number]');
  });

  it.each([
    ['status 1 (throttled)', vonageStatus('1', 'Throughput Rate Exceeded')],
    ['HTTP 429', { status: 429, body: '' }],
    ['HTTP 500', { status: 500, body: '' }],
  ])('retries %s with the queue’s back-off until it is sent', async (_, failure) => {
    const { row, requests } = await sendOne(vonageEnv, [failure, failure], vonageStatus('0'));
    expect(row.status).toBe('sent');
    expect(requests).toHaveLength(3);
  });

  it('gives up after a few tries on status 4 (bad credentials), naming the settings but not the secret', async () => {
    const { row, requests } = await sendOne(vonageEnv, [], vonageStatus('4', 'Bad Credentials'));
    expect(row.status).toBe('failed');
    expect(requests).toHaveLength(3);
    expect(row.last_error).toContain('check VONAGE_API_KEY and VONAGE_API_SECRET');
    expect(row.last_error).not.toContain('vo-secret');
  });

  it('sends text outside plain ASCII as type=unicode', async () => {
    provider = await startFakeSmsProvider([], vonageStatus('0'));
    const settings = loadConfig(vonageEnv(provider.url)).smsProvider;
    if (settings?.kind !== 'vonage') throw new Error('not the Vonage settings');
    const envelope = { channel: 'sms', to: TO, fromName: 'Shop', subject: '', text: '', html: '' } as const;
    await new VonageTransport(settings).send({ ...envelope, sms: '778899 是您的验证码' });
    expect(new URLSearchParams(provider.requests[0]?.body).get('type')).toBe('unicode');
  });

  it.each(['VONAGE_API_KEY', 'VONAGE_API_SECRET', 'VONAGE_FROM'])(
    'SMS_PROVIDER=vonage without %s stops the start, naming it',
    (name) => {
      const message = refused({ ...vonageEnv('https://rest.nexmo.com'), [name]: ' ' });
      expect(message).toContain(`SMS_PROVIDER=vonage needs ${name}`);
      expect(message).not.toContain('vo-secret');
    },
  );
});

const snsEnv = (url: string) => ({
  SMS_PROVIDER: 'sns',
  SNS_API_URL: url,
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'sns-secret-key',
  AWS_SESSION_TOKEN: 'session-token',
});
const snsPublished: ProviderReply = {
  status: 200,
  body:
    '<PublishResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><PublishResult>' +
    '<MessageId>94f20ce6-13c5-43a0-9a9e-ca52d816e90b</MessageId></PublishResult></PublishResponse>',
};
const snsError = (status: number, code: string, message: string): ProviderReply => ({
  status,
  body:
    '<ErrorResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type>' +
    `<Code>${code}</Code><Message>${message}</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
});

/** The Authorization SigV4 gives the request the fake received, signed again with the test's secret. */
async function expectedSignature(request: ProviderRequest, baseUrl: string): Promise<string> {
  const signedHeaders =
    /SignedHeaders=([^,]+)/.exec(request.headers.authorization ?? '')?.[1]?.split(';') ?? [];
  const headers = Object.fromEntries(
    signedHeaders
      .filter((name) => !['host', 'x-amz-date', 'x-amz-security-token'].includes(name))
      .map((name) => [name, String(request.headers[name])]),
  );
  return new AwsV4Signer({
    method: request.method,
    url: `${baseUrl}${request.path}`,
    headers,
    body: request.body,
    service: 'sns',
    region: 'eu-west-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'sns-secret-key',
    sessionToken: 'session-token',
    datetime: String(request.headers['x-amz-date']),
  }).authHeader();
}

describe('SMS through Amazon SNS', () => {
  it('POSTs a SigV4-signed Publish with PhoneNumber, Message and the transactional SMS type', async () => {
    const { row, requests } = await sendOne(snsEnv, [], snsPublished);
    expect(row.status).toBe('sent');
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: TO,
      Message: CODE_SMS,
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
    });
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sns\/aws4_request, SignedHeaders=/,
    );
    expect(request.headers['x-amz-security-token']).toBe('session-token');
    expect(request.headers.authorization).toBe(await expectedSignature(request, provider!.url));
  });

  it('marks the message failed at once when SNS refuses the phone number', async () => {
    const reason = `Invalid parameter: PhoneNumber Reason: &quot;${TO}&quot; is not valid`;
    const { row, requests } = await sendOne(snsEnv, [], snsError(400, 'InvalidParameter', reason));
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(requests).toHaveLength(1);
    expect(row.last_error).toBe(
      'Amazon SNS refused the message (HTTP 400, InvalidParameter): Invalid parameter: PhoneNumber Reason: "[number]" is not valid',
    );
  });

  it.each([
    ['Throttling (HTTP 400)', snsError(400, 'Throttling', 'Rate exceeded')],
    ['HTTP 429', snsError(429, 'ThrottledException', 'Rate exceeded')],
    ['HTTP 500', snsError(500, 'InternalError', 'Internal error')],
  ])('retries %s with the queue’s back-off until it is sent', async (_, failure) => {
    const { row, requests } = await sendOne(snsEnv, [failure, failure], snsPublished);
    expect(row.status).toBe('sent');
    expect(requests).toHaveLength(3);
  });

  it('gives up after a few tries on refused credentials, naming the settings but not the secret', async () => {
    const { row, requests } = await sendOne(
      snsEnv,
      [],
      snsError(403, 'InvalidClientTokenId', 'The security token included in the request is invalid.'),
    );
    expect(row.status).toBe('failed');
    expect(requests).toHaveLength(3);
    expect(row.last_error).toContain('check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY');
    expect(row.last_error).not.toContain('sns-secret-key');
  });

  it.each(['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'])(
    'SMS_PROVIDER=sns without %s stops the start, naming it',
    (name) => {
      const message = refused({ ...snsEnv('https://sns.eu-west-1.amazonaws.com'), [name]: '' });
      expect(message).toContain(`SMS_PROVIDER=sns needs ${name}`);
      expect(message).not.toContain('sns-secret-key');
    },
  );

  it('sends to the region’s endpoint unless SNS_API_URL is set, and refuses a region it cannot name a host by', () => {
    const { SNS_API_URL: _url, ...env } = snsEnv('');
    expect(loadConfig(env).smsProvider).toMatchObject({ apiUrl: 'https://sns.eu-west-1.amazonaws.com' });
    expect(refused({ ...env, AWS_REGION: 'evil.example/' })).toContain(
      'AWS_REGION must be a region like eu-west-1',
    );
  });
});
