import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the event log keeps it. */
export interface ClientInfo {
  /** The client's address as Fastify resolved it (TRUST_PROXY decides whether proxies count). */
  ip: string;
  /** The raw User-Agent header, cut to MAX_USER_AGENT characters; "" when there was none. */
  userAgent: string;
}

/** Longer user agents are cut: the column holds 512, and no real browser sends more. */
const MAX_USER_AGENT = 512;

export function clientOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): ClientInfo {
  const userAgent = request.headers['user-agent'] ?? '';
  return { ip: request.ip, userAgent: userAgent.slice(0, MAX_USER_AGENT) };
}
