import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { VonageSignatureMethod } from '../../config/sms-provider.js';

/**
 * Vonage's signature of a webhook's parameters (`sig`): every other parameter as `&name=value`, sorted by
 * name, with `&` and `=` in values replaced by `_`; then the lowercase MD5 of that text followed by the
 * secret (`md5hash`, the dashboard's default), or the uppercase hex HMAC of it keyed with the secret.
 */
export function vonageSignature(
  secret: string,
  method: VonageSignatureMethod,
  params: Record<string, string>,
): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 'sig')
    .sort()
    .map((name) => `&${name}=${params[name]!.replace(/[&=]/g, '_')}`)
    .join('');
  if (method === 'md5hash')
    return createHash('md5')
      .update(signed + secret, 'utf8')
      .digest('hex');
  return createHmac(method, secret).update(signed, 'utf8').digest('hex').toUpperCase();
}

/** How far a receipt's `timestamp` may be from now: a replayed receipt is refused after this. */
const MAX_SKEW_SECONDS = 300;

/**
 * Whether the parameters carry a valid `sig` and a `timestamp` (Unix seconds) within five minutes of `now`;
 * hex is compared without regard to case, in constant time.
 */
export function validVonageSignature(
  secret: string,
  method: VonageSignatureMethod,
  params: Record<string, string>,
  now = Date.now(),
): boolean {
  const { sig, timestamp } = params;
  if (!sig || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(vonageSignature(secret, method, params).toLowerCase());
  const given = Buffer.from(sig.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
