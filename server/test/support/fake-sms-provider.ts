import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the provider would see it. */
export interface ProviderRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer the fake gives: HTTP status and JSON (or any) body, once `hold` (if any) settles. */
export interface ProviderReply {
  status: number;
  body: unknown;
  hold?: Promise<unknown>;
}

export interface FakeSmsProvider {
  /** Base URL, e.g. http://127.0.0.1:40123 (what TWILIO_API_URL or VONAGE_API_URL take). */
  url: string;
  requests: ProviderRequest[];
  stop(): Promise<void>;
}

/**
 * A local HTTP server standing in for an SMS vendor's API: it records every request and answers with the
 * `replies` in order, then with `otherwise` for every later request.
 */
export async function startFakeSmsProvider(
  replies: ProviderReply[],
  otherwise: ProviderReply,
): Promise<FakeSmsProvider> {
  const requests: ProviderRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const reply = replies.shift() ?? otherwise;
      void Promise.resolve(reply.hold).then(() => {
        res.statusCode = reply.status;
        res.setHeader('content-type', 'application/json');
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
