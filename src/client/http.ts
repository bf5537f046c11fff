import { PassageError } from './passage-error';

/** How long a call waits for the server by default before it fails with the code `timeout`. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface HttpOptions {
  /** Base of the identity API, e.g. `https://id.example.com`; the page's origin when empty. */
  apiUrl: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  /** Milliseconds a call may take, answer included ({@link DEFAULT_TIMEOUT_MS} when absent; 0: no limit). */
  timeoutMs?: number;
}

/** What every client call accepts besides its arguments. */
export interface CallOptions {
  /** Cancels the call: it then rejects with a PassageError of code `aborted`. */
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The error a call cancelled through its signal rejects with (status 0: the server did not answer). */
export function abortedError(): PassageError {
  return new PassageError(0, 'aborted', 'The request was cancelled.');
}

function timeoutError(ms: number): PassageError {
  return new PassageError(0, 'timeout', `The server did not answer within ${ms / 1000} s.`);
}

interface Deadline {
  signal?: AbortSignal;
  timedOut(): boolean;
  done(): void;
}

/**
 * The caller's signal combined with the time-out: one controller and a timer, cleared when the call is
 * done (`AbortSignal.any` would be shorter to write, but Safari has it only since 17.4, and the one
 * path is smaller in the elements' first render: docs/performance.md).
 */
function deadline(ms: number, caller?: AbortSignal): Deadline {
  if (!(ms > 0) || !Number.isFinite(ms)) return { signal: caller, timedOut: () => false, done: () => {} };
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort();
  caller?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired && !caller?.aborted,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', forward);
    },
  };
}

/** `work`, or a rejection as soon as `signal` fires (also with a `fetch` that ignores the signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function readError(response: Response): Promise<PassageError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { code?: string; error?: string };
    // The server's Retry-After is in seconds; none (+null is 0) or an HTTP date (NaN) leaves it out.
    const wait = +response.headers.get('retry-after')! || undefined;
    return new PassageError(response.status, body.code ?? '', body.error ?? '', body, wait);
  } catch {
    return new PassageError(response.status, '', text);
  }
}

/**
 * One JSON call to the API. Non-2xx answers and network failures become a PassageError; so does a call
 * the server does not answer in time (code `timeout`) and one cancelled through `signal` (`aborted`).
 * The time-out covers the whole answer, its body included.
 */
export async function request<T>(
  options: HttpOptions,
  method: Method,
  path: string,
  body?: unknown,
  { signal: caller }: CallOptions = {},
): Promise<T> {
  if (caller?.aborted) throw abortedError();
  const base = options.apiUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { ...options.headers };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  const ms = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = deadline(ms, caller);
  if (limit.signal) init.signal = limit.signal;
  // Whatever failed once the signal fired (fetch, reading the body) was the time-out or the cancel.
  const failure = (error: unknown): PassageError => {
    if (limit.timedOut()) return timeoutError(ms);
    if (caller?.aborted) return abortedError();
    return error instanceof PassageError
      ? error
      : new PassageError(0, 'network_error', (error as Error).message || 'Network Error');
  };
  try {
    let response: Response;
    try {
      response = await untilAborted((options.fetch ?? fetch)(`${base}${path}`, init), limit.signal);
    } catch (error) {
      throw failure(error);
    }
    try {
      if (!response.ok) throw await untilAborted(readError(response), limit.signal);
      if (response.status === 204) return undefined as T;
      const text = await untilAborted(response.text(), limit.signal);
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      if (limit.signal?.aborted) throw failure(error);
      throw error;
    }
  } finally {
    limit.done();
  }
}
