import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as it arrived, its signature checked with the library's `Webhook#verify`. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed payload when the signature verified under the receiver's secret; null otherwise. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
}

/** How the receiver answers the next request: a status, or `hang` (never answers). */
export type Answer = number | 'hang';

/**
 * A webhook receiver on 127.0.0.1 as an app would run one: it verifies each request, processes a
 * message id once (dedupes by `webhook-id`, as the Standard Webhooks specification asks) and answers
 * with the queued `answers` first, then `200` (after `delayMs`).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Message ids processed, each once. */
  readonly processed = new Set<string>();
  /** How many requests repeated a processed id. */
  duplicates = 0;
  secret = '';
  answers: Answer[] = [];
  delayMs = 0;
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  constructor(public port = 0) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening and drops every open connection (a receiver that went down). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const response of this.hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The verified payloads of one message id, in arrival order. */
  byId(id: string): ReceivedWebhook[] {
    return this.received.filter((entry) => entry.id === id);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = {
      'webhook-id': String(request.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
    };
    let verified: ReceivedWebhook['verified'];
    try {
      verified = new Webhook(this.secret).verify(body, headers) as ReceivedWebhook['verified'];
    } catch {
      verified = null;
    }
    const id = headers['webhook-id'];
    this.received.push({
      id,
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
      verified,
    });
    const answer = this.answers.shift() ?? 200;
    if (answer === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (answer >= 200 && answer < 300 && verified) {
      if (this.processed.has(id)) this.duplicates++;
      else this.processed.add(id);
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    response.writeHead(answer).end();
  }
}
