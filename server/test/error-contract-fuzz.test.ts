import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './support/raw-request.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';

/**
 * Malformed input against every documented route: no answer may be a 5xx, and every error answer is
 * `{code, error}` JSON — the one exception being the EmailJS-compatible contact routes, whose own
 * answers are EmailJS's plain texts (what @emailjs/browser hands to its caller). Refusals that happen
 * before a contact route runs (a bad URL, an oversized header) are still `{code, error}`.
 * Inputs are fixed or drawn from a seeded generator, so every run sends the same requests.
 */

const ADMIN_KEY = 'fuzz-admin-key-0123456789abcdef';
const CONTACT_PREFIX = '/api/v1.0/email/';

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

interface Case {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  label: string;
  /** The label of a case whose status and code this one must share (a malformed id is an unknown one). */
  sameAs?: string;
}

/** mulberry32: a tiny seeded generator, so the drawn inputs are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomJson(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 5 : 8));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return Math.floor(random() * 2 ** 53) * (random() < 0.5 ? -1 : 1);
    case 3:
      return 'x'.repeat(Math.floor(random() * 400));
    case 4:
      return String.fromCharCode(...Array.from({ length: 8 }, () => Math.floor(random() * 0xd7ff)));
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
    default: {
      const keys = [
        'identifier',
        'user_id',
        'email',
        'phone',
        'code',
        'refresh_token',
        'handshake_id',
        '__proto__',
      ];
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 4); i > 0; i--) {
        object[keys[Math.floor(random() * keys.length)] ?? 'k'] = randomJson(random, depth + 1);
      }
      return object;
    }
  }
}

function send(baseUrl: string, c: Case): Promise<Answer> {
  return rawRequest(baseUrl, c.method, c.path, {
    ...(c.headers ? { headers: c.headers } : {}),
    ...(c.body !== undefined ? { body: c.body } : {}),
  }).then((raw) => ({
    status: raw.status,
    contentType: String(raw.headers['content-type'] ?? ''),
    text: raw.text,
  }));
}

/** What is wrong with an answer, or null when it keeps the contract. */
function breach(c: Case, answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status < 400) return null;
  const routePath = c.path.split('?')[0] ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    parsed = undefined;
  }
  const body = parsed as { code?: unknown; error?: unknown } | undefined;
  // Exactly `{code, error}`: a snake_case code and a sentence, nothing of the framework's own shape.
  const onContract =
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).sort().join() === 'code,error' &&
    typeof body.code === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(body.code) &&
    typeof body.error === 'string' &&
    body.error.length > 3;
  if (onContract) return null;
  // The contact routes answer their own refusals as EmailJS texts (plain text, never empty).
  if (routePath.startsWith(CONTACT_PREFIX) && answer.contentType.startsWith('text/') && answer.text !== '')
    return null;
  return `status ${answer.status}, body ${answer.text.slice(0, 120)}`;
}

interface Route {
  method: string;
  /** OpenAPI form: `/v1/apps/{appId}/users/{userId}`. */
  path: string;
  hasBody: boolean;
}

const VALID_PARAM: Record<string, string> = { appId: TEST_APP_ID };
const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? VALID_PARAM[name] ?? 'abc123');

function casesFor(route: Route, random: () => number): Case[] {
  const cases: Case[] = [];
  const { method } = route;
  const add = (label: string, c: Omit<Case, 'label' | 'method'> & { method?: string }) =>
    cases.push({ method, label: `${method} ${route.path}: ${label}`, ...c });
  const json: Record<string, string> = { 'content-type': 'application/json' };
  const auth: Record<string, string> = route.path.startsWith('/admin/')
    ? { authorization: `Bearer ${ADMIN_KEY}` }
    : {};
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const bodyFor = (text: string) =>
    route.hasBody ? { headers: { ...json, ...auth }, body: text } : { headers: auth };

  // Path parameters: bad percent-encodings, over-long values, odd characters, unknown ids.
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
  for (const name of params) {
    const unknown = `${name}=${'Z'.repeat(64)}`;
    add(unknown, { path: fill(route.path, { [name]: 'Z'.repeat(64) }), ...bodyFor('{}') });
    for (const value of [...badEncodings, ...oddButDecodable, 'a'.repeat(101), 'b'.repeat(1000)]) {
      add(`${name}=${value.slice(0, 20)}`, {
        path: fill(route.path, { [name]: value }),
        ...bodyFor('{}'),
        // Whatever an unknown app gets, an app id no app can have gets too (404 app_not_found, mostly).
        ...(name === 'appId' && oddButDecodable.includes(value)
          ? { sameAs: `${method} ${route.path}: ${unknown}` }
          : {}),
      });
    }
  }
  const path = fill(route.path);
  // Queries: garbage, repeated keys, wrong types, and one over Node's header limit.
  add('odd query', { path: `${path}?%ff=%fe&a[b]=1&a=2&a=3&limit=-1&page=abc`, ...bodyFor('{}') });
  add('huge query', { path: `${path}?q=${'x'.repeat(70 * 1024)}`, headers: auth });
  add('garbage header', {
    path,
    headers: { ...auth, 'passage-version': '\u00ff'.repeat(3), accept: '*/*;q=x' },
  });
  add('bad bearer', { path, headers: { authorization: 'Bearer a.b.c' } });
  if (!route.hasBody) return cases;

  // Bodies: missing, malformed, wrong types, too large, wrong content types, multipart garbage.
  add('no body', { path, headers: { ...json, ...auth } });
  add('empty body', { path, headers: { ...json, ...auth }, body: '' });
  for (const text of ['{', '{"a":}', 'nul', '"\\ud800"', '[', '{"identifier": "x", }', '\u0000']) {
    add(`malformed JSON ${JSON.stringify(text)}`, { path, headers: { ...json, ...auth }, body: text });
  }
  for (let i = 0; i < 8; i++) {
    const value = JSON.stringify(randomJson(random));
    add(`JSON ${value.slice(0, 40)}`, { path, headers: { ...json, ...auth }, body: value });
  }
  add('too large', { path, headers: { ...json, ...auth }, body: `{"a":"${'x'.repeat(70 * 1024)}"}` });
  for (const type of [
    'application/xml',
    'text/html',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/json; charset=latin1',
    'bogus',
  ]) {
    add(`content-type ${type}`, { path, headers: { ...auth, 'content-type': type }, body: 'a=1&<b/>' });
  }
  for (const [type, body] of [
    ['multipart/form-data', 'x'],
    ['multipart/form-data; boundary=zz', 'x'],
    ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data\r\n\r\n1\r\n--zz--\r\n'],
    [
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhello\r\n--zz--\r\n',
    ],
  ] as const) {
    add(`multipart ${JSON.stringify(body).slice(0, 30)}`, {
      path,
      headers: { ...auth, 'content-type': type },
      body,
    });
  }
  return cases;
}

describe('the error contract under malformed input', () => {
  let t: RunningTestServer;
  const logLines: { level: number; msg?: string }[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    });
    t = await startTestServer({
      logStream,
      env: { ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_FACTOR: '0', LOG_LEVEL: 'info' },
    });
  });
  afterAll(() => t.stop());

  it('answers every malformed request of every route with a 4xx on the {code, error} contract', async () => {
    const doc = (await (await t.call('GET', '/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const routes: Route[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        routes.push({
          method: method.toUpperCase(),
          path,
          hasBody: operation.requestBody !== undefined || ['post', 'put', 'patch'].includes(method),
        });
      }
    }
    expect(routes.length).toBeGreaterThan(30);
    const random = seeded(18);
    const cases = routes.flatMap((route) => casesFor(route, random));
    // Paths no route owns, and the whole server's refusals.
    cases.push(
      { method: 'GET', path: '/v1/apps/%ff%fe', label: 'GET bad URL on an app' },
      { method: 'GET', path: `/v1/apps/${'a'.repeat(101)}`, label: 'GET over-long app id' },
      { method: 'GET', path: '/v1/apps/no-such-app', label: 'GET app id with a dash' },
      { method: 'GET', path: '/%ff', label: 'GET bad URL outside the API' },
      { method: 'GET', path: '/v1/nothing-here', label: 'GET unknown route' },
      { method: 'BREW', path: '/v1/health', label: 'unknown method' },
    );

    const failures: string[] = [];
    const answers = new Map<string, Answer>();
    const queue = [...cases];
    // A few at a time: fast, yet gentle on a shared machine.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const answer = await send(t.baseUrl, c).catch((error: Error): Answer => ({
            status: 599,
            contentType: '',
            text: `connection: ${error.message}`,
          }));
          answers.set(c.label, answer);
          const problem = breach(c, answer);
          if (problem) failures.push(`${c.label} → ${problem}`);
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
    console.info(`error-contract fuzz: ${cases.length} cases, ${failures.length} off contract`);
    expect(failures).toEqual([]);
    // A client's mistake is not a server failure: nothing is logged at error level.
    expect(errorLogs).toEqual([]);
  }, 60_000); // thousands of requests, more with every route: the default 20 s is too close under load
});
