/**
 * What the client puts on the wire, checked against a recording HTTP server (real sockets, real
 * fetch). The answers are canned; behaviour against the real identity server is covered by
 * passage-client.test.ts and the browser tests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CookieJar } from './browser-storage';
import { memoryStorage } from './browser-storage';
import { PassageClient } from './passage-client';
import { PassageError } from './passage-error';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const jwt = (exp: number, header = { alg: 'RS256', typ: 'JWT' }) =>
  [header, { sub: 'u1', exp }].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.') +
  '.sig';

let server: Server;
let base = '';
let seen: Seen[] = [];
let answers: Record<string, { status: number; body?: unknown }> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const key = `${req.method} ${req.url!.split('?')[0]}`;
      const answer = answers[key] ?? { status: 404, body: { code: 'not_found', error: 'no route' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  answers = {};
});

function cookieJar(): CookieJar & { written: string[] } {
  const written: string[] = [];
  return { written, read: () => '', write: (c) => void written.push(c) };
}

const A = '/v1/apps/app1';
const TOKENS = {
  auth_token: jwt(Math.floor(Date.now() / 1000) + 3600),
  redirect_url: '/done',
  refresh_token: 'r1',
};

function client(extra: Partial<ConstructorParameters<typeof PassageClient>[1]> = {}) {
  const storage = memoryStorage();
  const cookies = cookieJar();
  return { c: new PassageClient('app1', { apiUrl: base, storage, cookies, ...extra }), storage, cookies };
}

describe('requests', () => {
  it('sends the Passage-Version and Passage-Element-Version headers', async () => {
    answers[`GET ${A}`] = { status: 200, body: { app: { id: 'app1' } } };
    await client().c.appInfo();
    expect(seen[0]!.headers['passage-version']).toBe('open-passage-js 0.1.0');
    expect(seen[0]!.headers['passage-element-version']).toBe('1.16.0');
  });

  it('looks identifiers up URL-encoded and maps "no user" to null', async () => {
    answers[`GET ${A}/users`] = { status: 200, body: { user: null } };
    expect(await client().c.identifierExists('+1 ann@example.com')).toBeNull();
    expect(seen[0]!.url).toBe(`${A}/users?identifier=%2B1+ann%40example.com`);
  });

  it('creates users with metadata', async () => {
    answers[`POST ${A}/users`] = { status: 201, body: { user: { id: 'u1' } } };
    expect(await client().c.createUser('ann@example.com', { name: 'Ann' })).toEqual({ id: 'u1' });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      identifier: 'ann@example.com',
      user_metadata: { name: 'Ann' },
    });
  });

  it('requests magic links with path and language, then polls and activates', async () => {
    answers[`POST ${A}/login/magic-link`] = { status: 200, body: { magic_link: { id: 'ml1' } } };
    answers[`POST ${A}/register/magic-link`] = { status: 201, body: { magic_link: { id: 'ml2' } } };
    answers[`POST ${A}/magic-link/status`] = { status: 200, body: { auth_result: TOKENS } };
    answers[`PATCH ${A}/magic-link/activate`] = { status: 200, body: { auth_result: TOKENS } };
    const { c, storage } = client();
    expect(await c.newLoginMagicLink('ann@example.com', 'de', '/passage?x=1')).toEqual({ id: 'ml1' });
    expect(await c.newRegisterMagicLink('bob@example.com', 'en', '/p')).toEqual({ id: 'ml2' });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      identifier: 'ann@example.com',
      magic_link_path: '/passage?x=1',
      language: 'de',
    });
    expect(await c.getMagicLinkStatus('ml1')).toEqual(TOKENS);
    expect(JSON.parse(seen[2]!.body)).toEqual({ id: 'ml1' });
    await c.magicLinkActivate('token');
    expect(JSON.parse(seen[3]!.body)).toEqual({ magic_link: 'token' });
    expect(storage.getItem('psg_auth_token')).toBe(TOKENS.auth_token);
    expect(storage.getItem('psg_refresh_token')).toBe('r1');
  });

  it('requests and activates one-time codes', async () => {
    answers[`POST ${A}/login/otp`] = { status: 201, body: { otp_id: 'o1' } };
    answers[`POST ${A}/register/otp`] = { status: 201, body: { otp_id: 'o2' } };
    answers[`POST ${A}/otp/activate`] = { status: 200, body: { auth_result: TOKENS } };
    const { c, cookies } = client();
    expect(await c.newLoginOneTimePasscode('ann@example.com', 'en')).toEqual({ otp_id: 'o1' });
    expect(await c.newRegisterOneTimePasscode('ann@example.com', 'en')).toEqual({ otp_id: 'o2' });
    expect(await c.oneTimePasscodeActivate('123456', 'o1')).toEqual(TOKENS);
    expect(JSON.parse(seen[2]!.body)).toEqual({ otp: '123456', otp_id: 'o1' });
    expect(cookies.written[0]).toMatch(/^psg_auth_token=.+; Path=\//);
  });

  it('turns {code, error} answers into a PassageError', async () => {
    answers[`POST ${A}/otp/activate`] = { status: 400, body: { code: 'invalid_request', error: 'bad code' } };
    const error = await client()
      .c.oneTimePasscodeActivate('000000', 'o1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PassageError);
    expect(error).toMatchObject({ statusCode: 400, code: 'invalid_request', message: 'bad code' });
  });
});

describe('session', () => {
  it('returns a valid stored token without calling the server', async () => {
    const { c } = client();
    c.tokenStore.setTokens(TOKENS);
    expect(await c.getCurrentSession().getAuthToken()).toBe(TOKENS.auth_token);
    expect(seen).toHaveLength(0);
  });

  it('refreshes an expired token once for concurrent callers', async () => {
    const fresh = { ...TOKENS, auth_token: jwt(Math.floor(Date.now() / 1000) + 7200), refresh_token: 'r2' };
    answers[`POST ${A}/tokens`] = { status: 201, body: { auth_result: fresh } };
    const { c, storage } = client();
    c.tokenStore.setTokens({ ...TOKENS, auth_token: jwt(1) });
    const session = c.getCurrentSession();
    const [a, b] = await Promise.all([session.getAuthToken(), session.getAuthToken()]);
    expect(a).toBe(fresh.auth_token);
    expect(b).toBe(fresh.auth_token);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ refresh_token: 'r1' });
    expect(storage.getItem('psg_refresh_token')).toBe('r2');
  });

  it('requires a login (704) without a refresh token or when the refresh fails, and clears tokens', async () => {
    const { c, storage } = client();
    await expect(c.getCurrentSession().getAuthToken()).rejects.toMatchObject({
      statusCode: 704,
      code: 'PSGLoginRequired',
    });
    c.tokenStore.setTokens({ ...TOKENS, auth_token: jwt(1) });
    answers[`POST ${A}/tokens`] = { status: 401, body: { code: 'invalid_refresh_token', error: 'no' } };
    await expect(c.getCurrentSession().getAuthToken()).rejects.toMatchObject({ statusCode: 704 });
    expect(storage.getItem('psg_auth_token')).toBeNull();
  });

  it('reads the current user with the bearer token; non-200 means no user', async () => {
    const { c } = client();
    c.tokenStore.setTokens(TOKENS);
    answers[`GET ${A}/currentuser`] = { status: 200, body: { user: { id: 'u1', email: 'ann@example.com' } } };
    expect(await c.getCurrentUser().userInfo()).toMatchObject({ id: 'u1' });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKENS.auth_token}`);
    answers[`GET ${A}/currentuser`] = { status: 401, body: { code: 'invalid_access_token', error: 'no' } };
    expect(await c.getCurrentUser().userInfo()).toBeUndefined();
  });

  it('signs out: revokes the refresh token and clears the stored tokens', async () => {
    answers[`DELETE ${A}/tokens`] = { status: 200 };
    const { c, storage } = client();
    c.tokenStore.setTokens(TOKENS);
    expect(await c.signOut()).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: `${A}/tokens?refresh_token=r1` });
    expect(storage.getItem('psg_auth_token')).toBeNull();
    expect(storage.getItem('psg_refresh_token')).toBeNull();
  });
});
