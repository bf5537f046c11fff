import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { bareHost, isPublicAddress, isNonPublicHost } from '../security/public-address.js';

/** Where webhooks may go (config/webhook-config.ts). */
export interface WebhookUrlPolicy {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\\]/;
export const MAX_URL_LENGTH = 2048;
const HTTP_SETTING = 'WEBHOOK_ALLOW_HTTP';
const PRIVATE_SETTING = 'WEBHOOK_ALLOW_PRIVATE_NETWORKS';

/**
 * Why `value` may not be a webhook endpoint, or null when it may: an absolute https URL (http with
 * `allowHttp`), no credentials, no fragment, and unless `allowPrivateNetworks` no host that is a
 * non-public address or `localhost`. A name is checked again on every send, once resolved (sendWebhook).
 */
export function webhookUrlProblem(value: string, policy: WebhookUrlPolicy): string | null {
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  if (CONTROL.test(value)) return 'must not contain a backslash or control character';
  if (!URL.canParse(value)) return 'must be an absolute https URL';
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    if (policy.allowHttp) return 'must be an http(s) URL';
    // Name every setting the URL needs, so that allowing http does not lead to a second refusal.
    return url.protocol === 'http:' && !policy.allowPrivateNetworks && isNonPublicHost(url)
      ? `must be an https URL on a public address (${HTTP_SETTING} allows http, ${PRIVATE_SETTING} loopback and private addresses)`
      : `must be an https URL (${HTTP_SETTING} allows http)`;
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash) return 'must not have a fragment';
  if (!policy.allowPrivateNetworks && isNonPublicHost(url)) {
    return `must not point to a loopback, private or link-local address (${PRIVATE_SETTING} allows it)`;
  }
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for the HTTP client that fails when a name resolves to a non-public address, so a name
 * that pointed elsewhere when the endpoint was saved (DNS rebinding) cannot reach the internal network.
 * The connection uses the addresses checked here: there is no second lookup to race with.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    if (blocked) {
      const refusal = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
        code: 'EWEBHOOKBLOCKED',
      });
      return callback(refusal, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** Whether a URL's host is an IP address outside the public internet (no lookup runs for those). */
export function isNonPublicLiteral(url: URL): boolean {
  const host = bareHost(url);
  return isIP(host) !== 0 && !isPublicAddress(host);
}
