import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is on the public internet: only ipaddr.js's `unicast` range counts. Loopback,
 * private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local, multicast,
 * reserved and documentation ranges, and the IPv6 forms that embed an IPv4 address (mapped ones are
 * unwrapped first) do not. The one test of the server's outgoing calls (webhooks, social providers).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A URL's host without IPv6 brackets or a trailing dot, lower-cased: what `isIP` and the resolver take. */
export const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');

/**
 * Whether a URL's host is plainly not on the public internet without a lookup: `localhost`, a
 * `*.localhost` name, or an IP address outside it. A name that resolves to such an address is the
 * caller's to check once resolved.
 */
export function isNonPublicHost(url: URL): boolean {
  const host = bareHost(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}
