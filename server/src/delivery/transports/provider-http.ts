import { DeliveryError } from './transport.js';

/** A provider's answer: its HTTP status and body text (JSON or XML, read by the provider's transport). */
export interface ProviderAnswer {
  status: number;
  body: string;
}

/** Upper bound of a provider's answer kept for its error message (no provider answers more for an SMS). */
const BODY_LIMIT = 16_384;

/**
 * POSTs to an SMS provider with a bounded time; a network error or time-out is transient (the queue retries).
 * The error message names the provider and never the request, which holds the credentials and the code.
 */
export async function postToProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: (await response.text()).slice(0, BODY_LIMIT) };
  } catch (error) {
    throw new DeliveryError(`${provider} unreachable: ${(error as Error).message}`, false);
  }
}

/**
 * A provider's error text without the recipient's number, which some echo ("The 'To' number +4915… is not
 * valid"): the text is logged and kept with the message, and a phone number is personal data.
 */
export function withoutNumber(text: string, to: string): string {
  const digits = to.replace(/^\+/, '');
  return text.split(to).join('[number]').split(digits).join('[number]');
}

/** `user:secret` as an HTTP Basic authorization header. */
export function basicAuth(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}

/** JSON from a provider, or null when the body is not JSON (a proxy's error page). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * The failure every provider's HTTP status means alike: 429 and 5xx are transient (the queue retries with
 * back-off), 401/403 refused credentials (permanent, with the settings to check); null for the other statuses,
 * which each provider reads from its own error codes.
 */
export function failureByStatus(provider: string, status: number, credentials: string): DeliveryError | null {
  if (status === 429 || status >= 500) {
    return new DeliveryError(`${provider} answered HTTP ${status}; will retry`, false);
  }
  if (status === 401 || status === 403) {
    return new DeliveryError(
      `${provider} refused the credentials (HTTP ${status}): check ${credentials}`,
      true,
    );
  }
  return null;
}
