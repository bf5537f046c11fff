import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from 'open-passage/contract';
import {
  hostOfHostHeader,
  isLoopbackAddress,
  isLoopbackHostname,
  isLoopbackUrl,
} from '../security/loopback.js';

/** Headers a proxy adds: a request that carries one was made elsewhere, whatever its socket says. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'] as const;

/** A header as the refusal quotes it: bounded, since it comes from the client. */
const quoted = (value: string | undefined) => JSON.stringify((value ?? '').slice(0, 100));

/**
 * Why a request may not reach a development page, or null when it may. The outbox holds every user's
 * codes and links, so each rule closes a way in on its own: the socket's peer (not the proxy-derived
 * request.ip) is this machine; no proxy forwarded it; the Host header names this machine, so a page of
 * another site cannot reach it through a DNS name it points at 127.0.0.1 (DNS rebinding); and a page
 * that sent it, if any, is itself served from this machine.
 */
function notLocalReason(request: FastifyRequest): string | null {
  const peer = request.raw.socket.remoteAddress;
  if (!isLoopbackAddress(peer)) return `it came from ${peer ?? 'an unknown address'}, not from this machine`;
  const forwarded = PROXY_HEADERS.find((name) => request.headers[name] !== undefined);
  if (forwarded) return `it came through a proxy (it has a ${forwarded} header)`;
  const host = hostOfHostHeader(request.headers.host);
  if (host === null || !isLoopbackHostname(host)) {
    return `its Host header ${quoted(request.headers.host)} is not localhost, 127.0.0.1 or [::1]`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isLoopbackUrl(origin)) return `it was sent by a page of ${quoted(origin)}`;
  return null;
}

/**
 * Refuses, with 403 and the reason, every request to the routes of `scope` that notLocalReason turns
 * away (docs/server/configuration.md, "Development mode").
 */
export function localOnly(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request, reply) => {
    const reason = notLocalReason(request);
    if (reason === null) return;
    request.log.warn({ reason }, 'refused a request for a development page');
    return reply.status(403).send({
      code: ERROR_CODES.OPERATION_NOT_ALLOWED,
      error: `The development pages answer only requests made on this machine, and ${reason}.`,
    });
  });
}
