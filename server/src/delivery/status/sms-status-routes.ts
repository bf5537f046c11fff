import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { SmsProvider, TwilioSettings, VonageSettings } from '../../config/config.js';
import { ApiError } from '../../http/api-error.js';
import { errorResponses } from '../../openapi/responses.js';
import type { QueueRepository } from '../queue-repository.js';
import { SMS_STATUS_PATHS, smsStatusUrl } from './status-paths.js';
import { validTwilioSignature } from './twilio-signature.js';
import { validVonageSignature } from './vonage-signature.js';

/** Twilio's and Vonage's statuses that end a message's journey; the others (queued, sent, buffered…) are not recorded. */
const TWILIO_FINAL: Record<string, 'delivered' | 'failed'> = {
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};
const VONAGE_FINAL: Record<string, 'delivered' | 'failed'> = {
  delivered: 'delivered',
  failed: 'failed',
  rejected: 'failed',
  expired: 'failed',
};

/** A callback's other fields: all strings, each short (the signature covers every one, so none is dropped). */
const otherFields = { additionalProperties: Type.String({ maxLength: 512 }) };
const TwilioStatus = Type.Object(
  {
    MessageSid: Type.String({ minLength: 1, maxLength: 128 }),
    MessageStatus: Type.String({ minLength: 1, maxLength: 32 }),
    ErrorCode: Type.Optional(Type.String({ maxLength: 16 })),
  },
  otherFields,
);
const VonageReceipt = Type.Object(
  {
    messageId: Type.String({ minLength: 1, maxLength: 128 }),
    status: Type.String({ minLength: 1, maxLength: 32 }),
    sig: Type.String({ minLength: 1, maxLength: 256 }),
    timestamp: Type.String({ pattern: '^[0-9]{1,12}$' }),
    'err-code': Type.Optional(Type.String({ maxLength: 16 })),
  },
  otherFields,
);
const docs = { tags: ['delivery'] };
const answers = { 204: Type.Null(), ...errorResponses(400, 403) };

const forged = (provider: string) =>
  new ApiError(403, 'invalid_signature', `The ${provider} callback's signature is missing or wrong.`);

/** Form posts (Twilio always, Vonage when so set) read as a flat object of strings, in this scope only. */
function parseForms(http: FastifyInstance): void {
  http.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

type Http = Parameters<FastifyPluginAsyncTypebox<Options>>[0];

interface Options {
  smsProvider: SmsProvider | null;
  publicUrl: string;
  queue: QueueRepository;
}

/**
 * Delivery status from SMS providers (SMS_DELIVERY_STATUS=on, docs/server/sms-providers.md): Twilio's status
 * callbacks, signed with the auth token (X-Twilio-Signature), and Vonage's delivery receipts, signed with
 * the signature secret. Unsigned or forged ones are refused; a final status is kept with the message.
 */
export const smsStatusRoutes: FastifyPluginAsyncTypebox<Options> = async (http, options) => {
  const { smsProvider, publicUrl, queue } = options;
  const reporting = smsProvider?.kind === 'twilio' || smsProvider?.kind === 'vonage';
  if (!reporting || !smsProvider.deliveryStatus) return;
  parseForms(http);
  /**
   * Keeps a final status and logs it; an id no message has (another server's), or a message whose final
   * status is already kept (a replay), is acknowledged alike and changes nothing.
   */
  const record = async (
    request: FastifyRequest,
    provider: string,
    providerId: string,
    status: 'delivered' | 'failed',
    detail: string | null,
  ) => {
    const row = await queue.recordDeliveryStatus(providerId, status, detail, Date.now());
    if (!row) {
      request.log.debug({ provider, status }, 'delivery: a status report for no message awaiting one');
      return;
    }
    const event = {
      event: `sms.${status}`,
      provider,
      messageId: row.id,
      appId: row.app_id,
      kind: row.kind,
    };
    if (status === 'failed') {
      request.log.warn({ ...event, detail }, 'delivery: the provider could not deliver an SMS');
    } else request.log.info(event);
  };

  if (smsProvider.kind === 'twilio') {
    registerTwilio(http, smsProvider, smsStatusUrl(publicUrl, 'twilio'), record);
  } else registerVonage(http, smsProvider, record);
};

type RecordStatus = (
  request: FastifyRequest,
  provider: string,
  providerId: string,
  status: 'delivered' | 'failed',
  detail: string | null,
) => Promise<void>;

function registerTwilio(http: Http, settings: TwilioSettings, url: string, record: RecordStatus): void {
  http.post(
    SMS_STATUS_PATHS.twilio,
    {
      schema: {
        ...docs,
        summary: "Twilio's status callback for an SMS, signed with the auth token (X-Twilio-Signature)",
        headers: Type.Object({ 'x-twilio-signature': Type.String({ minLength: 1, maxLength: 128 }) }),
        body: TwilioStatus,
        response: answers,
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      // Signed over the URL Twilio was given (PUBLIC_URL's), never one built from this request's Host.
      if (!validTwilioSignature(settings.authToken, url, body, signature)) throw forged('Twilio');
      if (body.AccountSid !== undefined && body.AccountSid !== settings.accountSid) throw forged('Twilio');
      const status = TWILIO_FINAL[request.body.MessageStatus];
      if (status) {
        const error = request.body.ErrorCode;
        const detail =
          status === 'failed'
            ? `Twilio: ${request.body.MessageStatus}${error ? `, error ${error}` : ''}`
            : null;
        await record(request, 'twilio', request.body.MessageSid, status, detail);
      }
      return reply.status(204).send(null);
    },
  );
}

function registerVonage(http: Http, settings: VonageSettings, record: RecordStatus): void {
  const { signatureSecret, signatureMethod } = settings.deliveryStatus!;
  const handle = async (request: FastifyRequest, receipt: Record<string, string>) => {
    if (!validVonageSignature(signatureSecret, signatureMethod, receipt)) throw forged('Vonage');
    if (receipt['api-key'] !== undefined && receipt['api-key'] !== settings.apiKey) throw forged('Vonage');
    const status = VONAGE_FINAL[receipt.status!];
    if (status) {
      const error = receipt['err-code'];
      const detail =
        status === 'failed' ? `Vonage: ${receipt.status}${error ? `, error ${error}` : ''}` : null;
      await record(request, 'vonage', receipt.messageId!, status, detail);
    }
  };
  // Vonage sends receipts as GET with a query, or POST as JSON or a form: the dashboard's choice.
  http.get(
    SMS_STATUS_PATHS.vonage,
    {
      schema: {
        ...docs,
        summary: "Vonage's delivery receipt for an SMS (GET), signed with the signature secret",
        querystring: VonageReceipt,
        response: answers,
      },
    },
    async (request, reply) => {
      await handle(request, request.query as Record<string, string>);
      return reply.status(204).send(null);
    },
  );
  http.post(
    SMS_STATUS_PATHS.vonage,
    {
      schema: {
        ...docs,
        summary:
          "Vonage's delivery receipt for an SMS (POST, JSON or form), signed with the signature secret",
        body: VonageReceipt,
        response: answers,
      },
    },
    async (request, reply) => {
      await handle(request, request.body as Record<string, string>);
      return reply.status(204).send(null);
    },
  );
}
