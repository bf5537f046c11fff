import { isIPv4 } from 'node:net';

/**
 * Whether a host name (as URL.hostname or a Host header gives it, without the port) names this machine
 * only: `localhost`, an address of 127.0.0.0/8 or `[::1]`. Names that merely resolve to a loopback
 * address elsewhere (a DNS name pointing at 127.0.0.1, `*.localhost`) do not count: a page of another
 * site can make a browser send them (DNS rebinding).
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name === '[::1]' || (isIPv4(name) && name.startsWith('127.'));
}

/** Whether a socket's remote address is this machine: 127.0.0.0/8, ::1 or 127.x as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || (isIPv4(v4) && v4.startsWith('127.'));
}

/** A `Host` header's host name, port removed; null when the header is not a plain host[:port]. */
export function hostOfHostHeader(header: string | undefined): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Whether a URL (PUBLIC_URL, an Origin header) is http(s) on a loopback host name. */
export function isLoopbackUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackHostname(parsed.hostname);
}
