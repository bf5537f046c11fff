import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './browser-storage';
import { DEFAULT_TIMEOUT_MS, request } from './http';
import { PassageClient } from './passage-client';
import { PassageError } from './passage-error';

/** A server that takes every request and never answers (or, under /slow-body, answers only its headers). */
let server: Server;
let url: string;
// vi.waitFor gives up after 1 s by default: too short on a loaded two-core CI machine.
const LOADED_MACHINE = { timeout: 10_000 };

const arrived: string[] = [];
const closed: string[] = [];
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    arrived.push(req.url ?? '');
    req.on('close', () => closed.push(req.url ?? ''));
    if (req.url?.startsWith('/slow-body')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"user":');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (timeoutMs?: number) =>
  new PassageClient('app', {
    apiUrl: url,
    storage: memoryStorage(),
    cookies: { read: () => '', write: () => undefined },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

/** How long `work` took to reject, and with what. */
async function rejection(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await work.then(
    () => new Error('resolved'),
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - started };
}

describe('against a server that never answers', () => {
  it('a call rejects at its time-out with the code "timeout", and its request is closed', async () => {
    const call = client(300).identifierExists('ann@example.com');
    const outcome = call.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    // Still waiting a while before the limit (timers of one event loop fire in order).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    const { error, ms } = await rejection(call);
    expect(error).toBeInstanceOf(PassageError);
    expect(error).toMatchObject({ statusCode: 0, code: 'timeout' });
    expect(ms).toBeLessThan(3000);
    await vi.waitFor(
      () => expect(closed.some((u) => u.startsWith('/v1/apps/app/users'))).toBe(true),
      LOADED_MACHINE,
    );
  });

  it('an answer whose body never ends times out too', async () => {
    const http = { apiUrl: url, headers: {}, timeoutMs: 300 };
    const { error, ms } = await rejection(request(http, 'GET', '/slow-body'));
    expect(error).toMatchObject({ statusCode: 0, code: 'timeout' });
    expect(ms).toBeLessThan(3000);
  });

  it('a call cancelled through its signal rejects at once with the code "aborted"', async () => {
    closed.length = 0;
    arrived.length = 0;
    const controller = new AbortController();
    const pending = client().createUser('ann@example.com', undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(arrived).toEqual(['/v1/apps/app/users']), LOADED_MACHINE);
    controller.abort();
    const { error, ms } = await rejection(pending);
    expect(error).toMatchObject({ statusCode: 0, code: 'aborted' });
    expect(ms).toBeLessThan(3000);
    await vi.waitFor(() => expect(closed).toContain('/v1/apps/app/users'), LOADED_MACHINE);
  });

  it('a signal already aborted sends nothing', async () => {
    const sent: string[] = [];
    const fetch = (async (input: string) => {
      sent.push(input);
      return new Response('{}');
    }) as unknown as typeof globalThis.fetch;
    const controller = new AbortController();
    controller.abort();
    const http = { apiUrl: url, headers: {}, fetch };
    await expect(request(http, 'GET', '/x', undefined, { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(sent).toEqual([]);
  });
});

describe('the default time-out', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that never settles unless its signal fires (then it rejects, as fetch does). */
  const hangingFetch = (async (_input: string, init: RequestInit) =>
    new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    })) as unknown as typeof globalThis.fetch;

  it(`is ${DEFAULT_TIMEOUT_MS / 1000} s: still pending just before, rejected at it`, async () => {
    // The client keeps its own timer, which fake timers can drive.
    vi.useFakeTimers();
    const call = new PassageClient('app', { apiUrl: url, fetch: hangingFetch }).identifierExists('a@b.c');
    const outcome = call.then(
      () => 'resolved',
      (e: PassageError) => e.code,
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
  });

  it('forwards the caller signal and times out against the real server', async () => {
    const timedOut = await rejection(client(200).appInfo());
    expect(timedOut.error).toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await rejection(client().appInfo({ signal: controller.signal }));
    expect(aborted.error).toMatchObject({ code: 'aborted' });
    expect(aborted.ms).toBeLessThan(3000);
  });

  it('0 turns the limit off', async () => {
    vi.useFakeTimers();
    const call = new PassageClient('app', { apiUrl: url, fetch: hangingFetch, timeoutMs: 0 }).appInfo();
    const outcome = call.then(
      () => 'resolved',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(10 * DEFAULT_TIMEOUT_MS);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
  });
});

describe('a refusal for too many requests', () => {
  const answering = (headers: Record<string, string>) =>
    (async () =>
      new Response(JSON.stringify({ code: 'too_many_requests', error: 'Try again in 555 seconds.' }), {
        status: 429,
        headers,
      })) as unknown as typeof globalThis.fetch;
  const refusal = (headers: Record<string, string>) =>
    rejection(request({ apiUrl: url, headers: {}, fetch: answering(headers) }, 'POST', '/login/otp', {}));

  it("carries the answer's Retry-After seconds", async () => {
    const { error } = await refusal({ 'Retry-After': '555', 'Content-Type': 'application/json' });
    expect(error).toBeInstanceOf(PassageError);
    expect(error).toMatchObject({ statusCode: 429, code: 'too_many_requests', retryAfter: 555 });
  });

  it('has none without the header, or with a date the client does not read', async () => {
    expect((await refusal({})).error).toMatchObject({ statusCode: 429, retryAfter: undefined });
    const date = { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' };
    expect((await refusal(date)).error).toMatchObject({ statusCode: 429, retryAfter: undefined });
  });
});
