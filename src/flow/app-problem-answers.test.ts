import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAppInfo, httpOptions } from '../client/app-info-request';
import { PassageError } from '../client/passage-error';
import { appProblem } from './app-problem';

/** Answers as a misconfigured setup would: the server's refusals, and a page server's HTML. */
const ANSWERS: Record<string, [number, string, string]> = {
  '/v1/apps/unknown': [
    404,
    'application/json',
    '{"code":"app_not_found","error":"No app with this id exists."}',
  ],
  '/v1/apps/foreign': [
    403,
    'application/json',
    JSON.stringify({
      code: 'origin_not_allowed',
      error: 'Origin http://localhost:5173 is not the auth_origin of this app (http://localhost:8080).',
      origin: 'http://localhost:5173',
      auth_origin: 'http://localhost:8080',
    }),
  ],
  '/v1/apps/html': [200, 'text/html', '<!doctype html><title>My page</title>'],
};

let server: Server;
let base: string;
let closedPort: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, type, body] = ANSWERS[req.url ?? ''] ?? [404, 'text/plain', 'Not found'];
    res.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: one that was free a moment ago.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The app-info call's rejection against `apiUrl`, and the problem the elements read from it. */
async function failedAppInfo(apiUrl: string, appId: string) {
  const error = await fetchAppInfo(httpOptions(apiUrl), appId).then(
    () => new Error('resolved'),
    (e: unknown) => e,
  );
  return { error, problem: appProblem(error, { appId, apiUrl, pageOrigin: 'http://localhost:5173' }) };
}

describe("the app-info call's failures, as the elements tell them", () => {
  it("keeps the server's whole answer on the error: the 403's origins", async () => {
    const { error, problem } = await failedAppInfo(base, 'foreign');
    expect(error).toBeInstanceOf(PassageError);
    expect(error).toMatchObject({ statusCode: 403, code: 'origin_not_allowed' });
    expect((error as PassageError).body).toMatchObject({ auth_origin: 'http://localhost:8080' });
    expect(problem).toEqual({
      reason: 'origin-not-allowed',
      pageOrigin: 'http://localhost:5173',
      authOrigin: 'http://localhost:8080',
    });
  });

  it('an unknown app id', async () => {
    expect((await failedAppInfo(base, 'unknown')).problem).toEqual({
      reason: 'app-not-found',
      appId: 'unknown',
      server: base,
    });
  });

  it('a closed port, and a server that is no identity server', async () => {
    const closed = await failedAppInfo(closedPort, 'myApp');
    expect(closed.error).toMatchObject({ statusCode: 0, code: 'network_error' });
    expect(closed.problem).toEqual({ reason: 'server-unreachable', url: `${closedPort}/v1/apps/myApp` });
    for (const id of ['html', 'missing']) {
      expect((await failedAppInfo(base, id)).problem, id).toEqual({
        reason: 'server-unreachable',
        url: `${base}/v1/apps/${id}`,
      });
    }
  });
});
