import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { isNonPublicLiteral, publicOnlyLookup, type WebhookUrlPolicy } from './webhook-urls.js';

/** One message, as signed and sent. */
export interface SignedRequest {
  url: string;
  /** The endpoint's `whsec_…` secret. */
  secret: string;
  messageId: string;
  /** The JSON body, exactly as stored. */
  payload: string;
}

/** What one try gave: the receiver's status (null when it never answered) and why it failed. */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The request's own error code, for the server's log only (the delivery log shows `error`). */
  cause?: string;
}

const USER_AGENT = 'open-passage-webhooks/1';
/** The receiver's answer is not read beyond this (its status is what counts). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The Standard Webhooks headers of a message: `webhook-id`, `webhook-timestamp` (now, in seconds) and
 * `webhook-signature` (`v1,` HMAC-SHA256 of id.timestamp.body), made by the specification's library.
 */
function signedHeaders(message: SignedRequest, now: Date): Record<string, string> {
  const signature = new Webhook(message.secret).sign(message.messageId, now, message.payload);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/** The one answer for every host that has no public address, so the delivery log maps no internal names. */
const NOT_PUBLIC = "the endpoint's host has no public address (WEBHOOK_ALLOW_PRIVATE_NETWORKS allows others)";

/**
 * A failed request as the delivery log shows it (an API key holder reads it). A name that resolves to
 * a non-public address, or to nothing, reads as one fixed text: telling them apart would let whoever
 * holds an app's key probe which names exist on the server's own network.
 */
export function requestError(error: NodeJS.ErrnoException, allowPrivateNetworks: boolean): string {
  const unresolved = error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN';
  // With private networks allowed there is nothing to hide: a mistyped name or a DNS outage says so.
  if (error.code === 'EWEBHOOKBLOCKED' || (unresolved && !allowPrivateNetworks)) return NOT_PUBLIC;
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

/**
 * POSTs one signed message. Any 2xx answer delivers it; any other status, a redirect (never followed),
 * a refused or reset connection, a timeout (`timeoutMs` for the whole exchange) or a blocked address
 * is a failure to retry. Without `allowPrivateNetworks`, the host must resolve to public addresses only.
 */
export function sendWebhook(
  message: SignedRequest,
  policy: WebhookUrlPolicy & { timeoutMs: number },
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendOutcome => ({
    ok: error === null,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  const url = new URL(message.url);
  // Both rules again at each send: an endpoint saved while development mode allowed more keeps none of it.
  if (url.protocol === 'http:' && !policy.allowHttp) {
    return Promise.resolve(done(null, 'the endpoint is not https (WEBHOOK_ALLOW_HTTP allows http)'));
  }
  if (!policy.allowPrivateNetworks && isNonPublicLiteral(url)) {
    return Promise.resolve(done(null, NOT_PUBLIC));
  }
  const body = Buffer.from(message.payload, 'utf8');
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...signedHeaders(message, new Date()), 'content-length': String(body.length) },
    ...(policy.allowPrivateNetworks ? {} : { lookup: publicOnlyLookup }),
    agent: false,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = send(url, options, (answer: IncomingMessage) => {
      const status = answer.statusCode ?? 0;
      let read = 0;
      answer.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) answer.destroy();
      });
      const verdict = () =>
        finish(done(status, status >= 200 && status < 300 ? null : `the receiver answered ${status}`));
      answer.on('end', verdict);
      answer.on('close', verdict);
      answer.on('error', verdict);
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish(done(null, `no answer within ${policy.timeoutMs / 1000} s`));
    }, policy.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const outcome = done(null, requestError(error, policy.allowPrivateNetworks));
      finish(error.code ? { ...outcome, cause: error.code } : outcome);
    });
    request.end(body);
  });
}
