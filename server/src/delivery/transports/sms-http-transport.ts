import { DeliveryError, type Envelope, type Transport } from './transport.js';

/**
 * The documented SMS adapter: `POST <SMS_PROVIDER>` with JSON `{"to": "+4915…", "text": "…"}`.
 * Any 2xx is success; 4xx is permanent (retried a few times only); 5xx and network errors are retried.
 * Credentials in the URL (`https://user:pass@sms.example/send`) are sent as HTTP Basic auth.
 */
export class SmsHttpTransport implements Transport {
  readonly name = 'sms-http';
  private readonly url: string;
  private readonly authorization: string | null;

  constructor(
    providerUrl: string,
    private readonly timeoutMs = 15_000,
  ) {
    const url = new URL(providerUrl);
    this.authorization =
      url.username || url.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
        : null;
    url.username = '';
    url.password = '';
    this.url = url.toString();
  }

  async send(envelope: Envelope): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.authorization ? { authorization: this.authorization } : {}),
        },
        body: JSON.stringify({ to: envelope.to, text: envelope.sms }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new DeliveryError(`SMS provider unreachable: ${(error as Error).message}`, false);
    }
    await response.body?.cancel();
    if (!response.ok) {
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new DeliveryError(`SMS provider answered HTTP ${response.status}`, permanent);
    }
  }
}
