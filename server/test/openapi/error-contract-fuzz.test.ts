import { PassThrough } from 'node:stream';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerCheck, answerChecker } from '../../../test-support/openapi-answers.mjs';
import {
  type BodyInput,
  CONTENT_TYPES,
  jsonBodies,
  type QueryParameter,
  queryStrings,
  randomJson,
  type Schema,
  sampleOf,
  seeded,
} from '../support/fuzz-inputs.js';
import { rawRequest } from '../support/raw-request.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

/**
 * A fuzz of every operation of GET /v1/openapi.json (the auth API, the management API with an app's API
 * key, the admin API with ADMIN_API_KEY, the contact endpoint, health, JWKS): malformed and boundary
 * inputs drawn from each operation's schemas and from a seeded generator, so every run sends the same
 * requests. No answer may be a 5xx, every answer must be one the document lists for that operation (its
 * status, content type and body schema), no body the document's request schema refuses may succeed,
 * every refusal is `{code, error}` JSON (the contact endpoint's own refusals being EmailJS texts), and
 * every answer carries the security headers.
 */

const ADMIN_KEY = 'fuzz-admin-key-0123456789abcdef';
/** The app of the management and admin operations; the auth API runs against TEST_APP_ID. */
const MANAGED_APP = 'managedApp0000000000001';
/** The app the admin API may change or delete. */
const DOOMED_APP = 'doomedApp00000000000001';
const CONTACT_PREFIX = '/api/v1.0/email/';

interface Operation {
  method: string;
  /** OpenAPI form: `/v1/apps/{appId}/users/{userId}`. */
  path: string;
  security: Record<string, unknown>[];
  parameters: QueryParameter[];
  body?: { type: string; schema: Schema };
}

interface Case {
  operation: Operation;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  label: string;
  /** The label of a case whose status and code this one must share (a malformed id is an unknown one). */
  sameAs?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** What the fuzz presents where an operation wants a key or a token (filled in once the server runs). */
interface Credentials {
  apiKey: string;
  authToken: string;
  userId: string;
  doomedUserId: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown> & { responses: Record<string, unknown> }>>;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> })?.content;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        security: (operation.security as Record<string, unknown>[] | undefined) ?? [],
        parameters: ((operation.parameters as QueryParameter[] | undefined) ?? []).filter(
          (p) => p.in === 'query',
        ),
        ...(type && media ? { body: { type, schema: media.schema } } : {}),
      };
    }),
  );
}

const takesBody = (operation: Operation) =>
  operation.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(operation.method);
const isAdmin = (operation: Operation) => operation.path.startsWith('/admin/');
const isManagement = (operation: Operation) =>
  operation.security.some((requirement) => 'apiKey' in requirement) && !isAdmin(operation);

/** The credentials an operation asks for; the auth API's side where both APIs share an operation. */
function authFor(operation: Operation, credentials: Credentials): Record<string, string> {
  const [first] = operation.security;
  if (!first) return {};
  if ('adminKey' in first) return { authorization: `Bearer ${ADMIN_KEY}` };
  if ('apiKey' in first) return { authorization: `Bearer ${credentials.apiKey}` };
  if ('bearerAuth' in first) return { authorization: `Bearer ${credentials.authToken}` };
  return {};
}

/** Path parameters that reach the operation: its app, a real user; the admin API changes a doomed app. */
function validParams(operation: Operation, credentials: Credentials): Record<string, string> {
  const changesApp = isAdmin(operation) && /^\/admin\/v1\/apps\/\{appId\}$/.test(operation.path);
  const appId =
    changesApp && operation.method !== 'GET'
      ? DOOMED_APP
      : isAdmin(operation) || isManagement(operation)
        ? MANAGED_APP
        : TEST_APP_ID;
  const removesUser = operation.method === 'DELETE' && operation.path.endsWith('/users/{userId}');
  return { appId, userId: removesUser ? credentials.doomedUserId : credentials.userId };
}

function casesFor(operation: Operation, credentials: Credentials, random: () => number): Case[] {
  const cases: Case[] = [];
  const { method } = operation;
  const auth = authFor(operation, credentials);
  const params = validParams(operation, credentials);
  const fill = (values: Record<string, string> = {}) =>
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? params[name] ?? 'abc123');
  const path = fill();
  const add = (label: string, c: Partial<Case>) =>
    cases.push({
      operation,
      method,
      path,
      headers: auth,
      label: `${method} ${operation.path}: ${label}`,
      ...c,
    });
  const json = { ...auth, 'content-type': 'application/json' };
  const plausible = operation.body ? JSON.stringify(sampleOf(operation.body.schema)) : '{}';
  const withBody = (text: string | Buffer) => (takesBody(operation) ? { headers: json, body: text } : {});

  // Path parameters: bad percent-encodings, over-long values, odd characters, unknown ids, another spelling.
  const badEncodings = ['%ff%fe', '%', '%zz', 'a%e2%82'];
  const oddButDecodable = [
    '%00',
    'no-such-app',
    'a.b',
    '..',
    '%20',
    '%F0%9F%92%A5',
    "a'b",
    '%3Cscript%3E',
    'c'.repeat(80),
  ];
  for (const name of [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)) {
    const unknown = `${name}=${'Z'.repeat(64)}`;
    add(unknown, { path: fill({ [name]: 'Z'.repeat(64) }), ...withBody(plausible) });
    for (const value of [...badEncodings, ...oddButDecodable, 'a'.repeat(101), 'b'.repeat(1000)]) {
      add(`${name}=${value.slice(0, 20)}`, {
        path: fill({ [name]: value }),
        ...withBody(plausible),
        // Whatever an unknown app gets, an app id no app can have gets too (404 app_not_found, mostly).
        ...(name === 'appId' && oddButDecodable.includes(value)
          ? { sameAs: `${method} ${operation.path}: ${unknown}` }
          : {}),
      });
    }
    const value = params[name] ?? 'abc123';
    add(`${name} percent-encoded`, {
      path: fill({ [name]: `%${value.charCodeAt(0).toString(16)}${value.slice(1)}` }),
      ...withBody(plausible),
    });
  }

  // Queries: the operation's own parameters refused or on their limits, garbage, one over Node's limit.
  for (const [label, query] of queryStrings(operation.parameters, random))
    add(`query ${label}`, { path: `${path}?${query}`, ...withBody(plausible) });
  add('odd query', { path: `${path}?%ff=%fe&a[b]=1&a=2&a=3&limit=-1&page=abc`, ...withBody(plausible) });
  add('huge query', { path: `${path}?q=${'x'.repeat(70 * 1024)}` });

  // Headers: odd values, credentials of every wrong kind.
  add('garbage header', { headers: { ...auth, 'passage-version': '\u00ff'.repeat(3), accept: '*/*;q=x' } });
  for (const authorization of [
    'Bearer a.b.c',
    `Bearer ${'k'.repeat(8000)}`,
    'Basic Zm9vOmJhcg==',
    'Bearer',
    'Bearer a b',
  ])
    add(`authorization ${authorization.slice(0, 20)}`, {
      headers: { authorization },
      ...withBody(plausible),
    });
  if (method === 'GET') add('HEAD', { method: 'HEAD' });
  if (!takesBody(operation)) return cases;

  // Bodies: from the schema, missing, malformed, too large, in other content types, multipart garbage.
  add('no body', { headers: json });
  add('empty body', { headers: json, body: '' });
  for (const text of ['{', '{"a":}', 'nul', '"\\ud800"', '[', '{"identifier": "x", }', '\u0000'])
    add(`malformed JSON ${JSON.stringify(text)}`, { headers: json, body: text });
  const bodies: BodyInput[] = operation.body
    ? jsonBodies(operation.body.schema, random)
    : [0, 1, 2].map((i) => ({ label: `random ${i}`, body: JSON.stringify(randomJson(random)) }));
  for (const input of bodies)
    add(input.label, {
      headers: { ...json, ...(input.contentType ? { 'content-type': input.contentType } : {}) },
      body: input.body,
    });
  add('too large', { headers: json, body: `{"a":"${'x'.repeat(70 * 1024)}"}` });
  add('body without content type', { headers: auth, body: plausible });
  for (const type of CONTENT_TYPES)
    add(`content-type ${type}`, { headers: { ...auth, 'content-type': type }, body: plausible });
  for (const [type, body] of [
    ['multipart/form-data; boundary=zz', 'x'],
    ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data\r\n\r\n1\r\n--zz--\r\n'],
    [
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhello\r\n--zz--\r\n',
    ],
  ] as const)
    add(`multipart ${JSON.stringify(body).slice(0, 30)}`, {
      headers: { ...auth, 'content-type': type },
      body,
    });
  if (operation.body?.type === 'multipart/form-data') {
    const fields = Object.entries(sampleOf(operation.body.schema, '', true) as Record<string, unknown>);
    const form = fields.map(
      ([name, value]) => `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    );
    add('plausible form', {
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=zz' },
      body: `${form.join('')}--zz--\r\n`,
    });
  }
  return cases;
}

const ajv = new Ajv({ strict: false, validateFormats: false });
const requestValidators = new Map<Schema, ReturnType<typeof ajv.compile>>();

/** Whether the case sends a JSON body that the operation's documented body schema does not accept. */
function refusedByDocument(c: Case): boolean {
  const schema = c.operation.body?.schema;
  const type = c.headers['content-type'] ?? '';
  if (!schema || typeof c.body !== 'string' || !/^application\/json$/i.test(type)) return false;
  let body: unknown;
  try {
    body = JSON.parse(c.body);
  } catch {
    return false; // the parser refuses it before the schema is asked
  }
  if (!requestValidators.has(schema)) requestValidators.set(schema, ajv.compile(schema));
  return !requestValidators.get(schema)!(body);
}

/** What is wrong with an answer, measured against the operation the case was aimed at. */
function breaches(
  c: Case,
  answer: Answer,
  check: AnswerCheck,
  statusListed: (c: Case, status: number) => boolean,
): string[] {
  const found: string[] = [];
  const { status, text } = answer;
  const contentType = String(answer.headers['content-type'] ?? '');
  if (status >= 500) found.push(`status ${status}: ${text.slice(0, 120)}`);
  if (answer.headers['referrer-policy'] !== 'no-referrer' || !answer.headers['content-security-policy'])
    found.push(`status ${status} without the security headers`);
  if (status === 429 && !answer.headers['retry-after']) found.push('429 without Retry-After');
  if (status < 400 && refusedByDocument(c)) found.push(`status ${status} for a body the document refuses`);
  if (c.method === 'HEAD') {
    if (!statusListed(c, status)) found.push(`HEAD: status ${status} is not listed for GET`);
    return found;
  }
  let body: unknown = text === '' ? undefined : text;
  if (contentType.startsWith('application/json')) {
    try {
      body = JSON.parse(text);
    } catch {
      found.push(`status ${status}: not JSON: ${text.slice(0, 80)}`);
    }
  }
  found.push(...check(c.operation.method, c.operation.path, status, body, contentType || undefined));
  // Every refusal is exactly `{code, error}`: a snake_case code and a sentence (the contact texts aside).
  if (status >= 400 && contentType.startsWith('application/json')) {
    const error = body as { code?: unknown; error?: unknown };
    const onContract =
      typeof error === 'object' &&
      error !== null &&
      Object.keys(error).sort().join() === 'code,error' &&
      /^[a-z][a-z0-9_]*$/.test(String(error.code)) &&
      typeof error.error === 'string' &&
      error.error.length > 3;
    if (!onContract) found.push(`status ${status}, body ${text.slice(0, 120)}`);
  } else if (status >= 400 && !c.operation.path.startsWith(CONTACT_PREFIX)) {
    found.push(`status ${status} as ${contentType || 'no content type'}`);
  }
  return found;
}

describe('every operation of the OpenAPI document under malformed and boundary input', () => {
  let t: RunningTestServer;
  let report: { cases: number; failures: string[]; errorLogs: unknown[]; statuses: Set<number> } | undefined;
  const logLines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    });
    t = await startTestServer({
      logStream,
      env: { ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_FACTOR: '0', LOG_LEVEL: 'info' },
      apps: [{ id: TEST_APP_ID, allowed_identifier: 'both' }, { id: MANAGED_APP }, { id: DOOMED_APP }],
    });
  });
  afterAll(() => t.stop());

  /** Runs the fuzz once (the first test that needs it), a few requests at a time. */
  async function run() {
    if (report) return report;
    const document = (await (await t.call('GET', '/v1/openapi.json')).json()) as OpenApiDocument;
    const check = answerChecker(document);
    const admin = { authorization: `Bearer ${ADMIN_KEY}` };
    const made = await t.call('POST', `/admin/v1/apps/${MANAGED_APP}/api-keys`, { name: 'fuzz' }, admin);
    const credentials: Credentials = {
      apiKey: ((await made.json()) as { key: string }).key,
      authToken: (await signedInUser(t, TEST_APP_ID, 'fuzz-user@example.com')).auth.auth_token,
      userId: (await signedInUser(t, MANAGED_APP, 'managed@example.com')).userId,
      doomedUserId: (await signedInUser(t, MANAGED_APP, 'doomed@example.com')).userId,
    };
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const random = seeded(18);
    const cases = operations.flatMap((operation) => casesFor(operation, credentials, random));
    const statusListed = (c: Case, status: number) => {
      const operation = document.paths[c.operation.path]?.[c.operation.method.toLowerCase()];
      return String(status) in (operation?.responses ?? {});
    };

    const failures: string[] = [];
    const answers = new Map<string, Answer>();
    const statuses = new Set<number>();
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const answer = await rawRequest(t.baseUrl, c.method, c.path, {
            headers: c.headers,
            ...(c.body !== undefined ? { body: c.body } : {}),
          }).catch((error: Error): Answer => ({
            status: 599,
            headers: {},
            text: `connection: ${error.message}`,
          }));
          answers.set(c.label, answer);
          statuses.add(answer.status);
          for (const problem of breaches(c, answer, check, statusListed))
            failures.push(`${c.label} → ${problem}`);
        }
      }),
    );
    const codeOf = (answer: Answer | undefined) =>
      `${answer?.status} ${(/"code":"(\w+)"/.exec(answer?.text ?? '') ?? [])[1]}`;
    for (const c of cases) {
      if (!c.sameAs) continue;
      const [mine, reference] = [codeOf(answers.get(c.label)), codeOf(answers.get(c.sameAs))];
      if (mine !== reference) failures.push(`${c.label} → ${mine}, an unknown app gets ${reference}`);
    }
    const errorLogs = logLines.filter((line) => line.level >= 50).map((line) => line.msg);
    console.info(
      `route fuzz: ${operations.length} operations, ${cases.length} cases, ${failures.length} failures`,
    );
    report = { cases: cases.length, failures, errorLogs, statuses };
    return report;
  }

  it('answers every case as the document says, never with a 5xx', async () => {
    expect((await run()).failures).toEqual([]);
  }, 120_000);

  it('reaches the handlers, and every layer in front of them', async () => {
    const { statuses } = await run();
    for (const status of [200, 201, 204, 400, 401, 404, 413, 414, 415, 431])
      expect(statuses).toContain(status);
  }, 120_000); // thousands of requests, more with every route: the default 20 s is too close under load

  it('logs nothing at error level: a client’s mistake is not a server failure', async () => {
    expect((await run()).errorLogs).toEqual([]);
  }, 120_000);
});
