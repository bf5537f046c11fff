import { BlockList, isIP } from 'node:net';
import { isLoopbackHostname } from '../security/loopback.js';

/**
 * Addresses a provider endpoint may not have outside development: this machine, private and link-local
 * networks (a cloud's metadata service at 169.254.169.254), carrier-grade NAT, and IPv4 mapped into IPv6
 * (another spelling of all of those).
 */
const PRIVATE = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/**
 * Why the server may not call `url` for a social provider, or null. With `localProviders` (development
 * mode, or SOCIAL_LOCAL_PROVIDERS=true: test providers, a private identity provider) anything the
 * settings accept goes; otherwise only https to a name or public address. A name is not resolved here:
 * a public name pointing at a private address is the provider operator's doing, not a user's.
 */
export function providerAddressProblem(url: string, localProviders: boolean): string | null {
  if (localProviders) return null;
  if (!URL.canParse(url)) return `${url} is not a URL`;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return `${parsed.origin} is not https`;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const local =
    isLoopbackHostname(parsed.hostname) ||
    host.endsWith('.localhost') ||
    // IPv4 mapped into IPv6 is refused whole (a BlockList rule for it would match every IPv4 address).
    (family === 6 && host.toLowerCase().startsWith('::ffff:')) ||
    (family !== 0 && PRIVATE.check(host, family === 4 ? 'ipv4' : 'ipv6'));
  return local ? `${parsed.host} is on this machine or a private network` : null;
}
