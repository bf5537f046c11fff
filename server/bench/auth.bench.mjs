#!/usr/bin/env node
// Identity-server throughput, printed as one table (`npm run bench`; a measurement, never a test):
//  (a) RS256 signatures/s with an RSA-3072 app key, in-process, through the server's own AuthTokens code;
//  (b) complete one-time-code logins/s over HTTP: request a code, read it from the dev outbox, activate, get tokens;
//  (c) identifier lookups/s (GET /users?identifier=) with p50/p99 latency;
//  (d) a bare route's requests/s (GET /v1/health) on the same server.
// Goals: b >= 0.6 x a, c >= 0.5 x d. The server runs as its own process (server/dist/main.js, SQLite,
// rate limits on, TRUST_PROXY so each simulated client has its own address); load comes from here
// with many requests in flight over keep-alive connections. All traffic stays on 127.0.0.1.
// The four measurements run in turn, BENCH_ROUNDS times (default 3), after one unrecorded second of each,
// and each figure is the median of its rounds: a ratio compares measurements taken seconds apart, so a
// busy machine skews both alike.
// For profiling: BENCH_ONLY=b runs only (b), BENCH_CPU_PROF=<dir> writes the server's CPU profile there.
// The CPU lines split the cost of a login, a lookup and a health check between the server process (all
// its threads) and this load generator, which shares the machine's cores with it.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/start-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const APP_ID = 'benchApp0000000000000001';

/** Runs `concurrency` loops of `task` for `ms`; returns completions/s and latency percentiles. */
async function load(ms, parallel, task) {
  const latencies = [];
  let failures = 0;
  const end = performance.now() + ms;
  let n = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const ok = await task(n++).catch(() => false);
      if (ok) latencies.push(performance.now() - started);
      else failures++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: parallel }, loop));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((x, y) => x - y);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? NaN;
  return {
    perSecond: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    done: latencies.length,
    failures,
  };
}

// ---------- (a) signatures in-process, with the server's own signing code ----------
execFileSync('npm', ['run', 'build', '-w', 'open-passage-server'], { cwd: root, stdio: 'ignore' });
const { AuthTokens } = await import('../dist/tokens/auth-tokens.js');
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
const tokens = new AuthTokens(
  { forApp: async () => ({ signing: { kid: 'benchKid', privateKey } }) },
  'http://localhost',
);
const app = { id: APP_ID, auth_origin: 'http://localhost', session_timeout_length: 3600 };
const session = { authTime: Math.floor(Date.now() / 1000), sessionId: 'benchSession' };
const signOne = async () => !!(await tokens.sign(app, 'user', session));
await load(500, 4, signOne); // warm-up
const signSerial = await load(seconds * 500, 1, signOne);

// ---------- the server, in its own process ----------
const dir = mkdtempSync(join(tmpdir(), 'op-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
writeFileSync(
  join(dir, 'apps.json'),
  JSON.stringify({
    apps: [
      { id: APP_ID, name: 'Bench', auth_origin: `http://localhost:${port}`, auth_fallback_method: 'otp' },
    ],
  }),
);
const dbFile = join(dir, 'bench.db');
const profile = process.env.BENCH_CPU_PROF
  ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const server = spawn(process.execPath, [...profile, join(root, 'server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${dbFile}`,
    APPS_FILE: join(dir, 'apps.json'),
    STATIC_DIR: '',
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: '',
    SMS_PROVIDER: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', () => server.kill('SIGKILL'));

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
/** One HTTP request; resolves {status, body}. Each simulated client has its own (benchmark-range) address. */
function request(method, path, body, client = 0) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'x-forwarded-for': `198.18.${(client >> 8) & 255}.${client & 255}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

for (let i = 0; ; i++) {
  const ok = await request('GET', '/v1/health').then(
    (r) => r.status === 200,
    () => false,
  );
  if (ok) break;
  if (i > 200) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 50));
}
const api = (suffix) => `/v1/apps/${APP_ID}${suffix}`;

// Users to log in (one login each, so per-identifier send limits never interfere); not timed.
const users = Math.ceil((rounds * seconds + 1) * 1500) + 200;
let created = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = created++; i < users; i = created++) {
      const res = await request('POST', api('/users'), { identifier: `user${i}@bench.example` }, 1000 + i);
      if (res.status !== 201) throw new Error(`creating a user answered ${res.status}: ${res.body}`);
    }
  }),
);
// The server's own SQLite opener (node:sqlite, without Node 22's experimental warning).
const { openSqlite } = await import('../dist/db/sqlite-driver.js');
const outbox = openSqlite(dbFile, { readonly: true });
const newMessages = outbox.prepare(
  'SELECT rowid, recipient, text FROM dev_outbox WHERE rowid > ? ORDER BY rowid',
);

/**
 * One poller for every waiting login (one query per tick, not one per waiter), so the reader stays light.
 * A code can land before its login starts waiting (the worker may deliver before the HTTP answer is read),
 * so codes nobody waits for yet are kept until asked for.
 */
const waiting = new Map();
const arrived = new Map();
let lastRowid = 0;
let polling = null;
function pollOutbox() {
  for (const row of newMessages.all(lastRowid)) {
    lastRowid = row.rowid;
    const code = /\b(\d{6})\b/.exec(row.text)?.[1];
    if (!code) continue;
    const resolve = waiting.get(row.recipient);
    if (resolve) {
      waiting.delete(row.recipient);
      resolve(code);
    } else arrived.set(row.recipient, code);
  }
  polling = waiting.size > 0 ? setTimeout(pollOutbox, 2) : null;
}
function codeFor(identifier) {
  const early = arrived.get(identifier);
  if (early) {
    arrived.delete(identifier);
    return Promise.resolve(early);
  }
  return new Promise((resolve, reject) => {
    waiting.set(identifier, resolve);
    polling ??= setTimeout(pollOutbox, 2);
    setTimeout(
      () => waiting.delete(identifier) && reject(new Error(`no code for ${identifier}`)),
      10_000,
    ).unref();
  });
}

// ---------- (b) complete one-time-code logins ----------
/** Where a login's time goes, summed over all logins: asking for the code, waiting for it, activating. */
const phases = { request: 0, delivery: 0, activate: 0 };
/** CPU ms used so far by the server process (all its threads) and by this process (the load). */
const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
function cpuMs() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const { user, system } = process.cpuUsage();
  return { server: (Number(fields[11]) + Number(fields[12])) / ticksPerMs, load: (user + system) / 1000 };
}
/** CPU ms each measurement cost, summed over its rounds, in the server and in this load generator. */
const cpu = { b: { server: 0, load: 0 }, c: { server: 0, load: 0 }, d: { server: 0, load: 0 } };
async function withCpu(name, measurement) {
  const before = cpuMs();
  const result = await measurement();
  const after = cpuMs();
  cpu[name].server += after.server - before.server;
  cpu[name].load += after.load - before.load;
  return result;
}

/** One login; the first one also creates the app's signing key (RSA-3072 generation, seconds). */
async function login(i) {
  const identifier = `user${i}@bench.example`;
  const t0 = performance.now();
  const sent = await request('POST', api('/login/otp'), { identifier }, 20_000 + i);
  if (sent.status !== 201) return false;
  const { otp_id } = JSON.parse(sent.body);
  const t1 = performance.now();
  const otp = await codeFor(identifier);
  const t2 = performance.now();
  const activated = await request('POST', api('/otp/activate'), { otp, otp_id }, 20_000 + i);
  phases.request += t1 - t0;
  phases.delivery += t2 - t1;
  phases.activate += performance.now() - t2;
  return activated.status === 200 && JSON.parse(activated.body).auth_result?.auth_token?.length > 100;
}

let nextUser = 0;
const idle = () => new Promise((resolve) => setTimeout(() => resolve(false), 5));
// The first login creates the app's signing key (seconds): done before anything is timed.
const keyed = await load(1500, 4, () => (nextUser < 100 ? login(nextUser++) : idle()));
if (keyed.done === 0) throw new Error('warm-up logins failed');

/** Each measurement's load for `ms`, without its CPU accounting. */
const workloads = {
  // (a) RS256 signatures in this process, 16 in flight (the thread pool uses every core).
  a: (ms) => load(ms, 16, signOne),
  // (b) complete one-time-code logins over HTTP.
  b: (ms) => load(ms, concurrency, () => (nextUser < users ? login(nextUser++) : idle())),
  // (c) identifier lookups, half of them for existing users.
  c: (ms) =>
    load(ms, concurrency, async (i) => {
      const res = await request(
        'GET',
        api(`/users?identifier=user${i % (users * 2)}%40bench.example`),
        undefined,
        i % 50_000,
      );
      return res.status === 200;
    }),
  // (d) a bare route on the same server.
  d: (ms) => load(ms, concurrency, async () => (await request('GET', '/v1/health')).status === 200),
};
/** One round of a measurement: (a) for half the time (it needs no server), the others with their CPU. */
const measure = (name) =>
  name === 'a' ? workloads.a(seconds * 500) : withCpu(name, () => workloads[name](seconds * 1000));
const results = { a: [], b: [], c: [], d: [] };
// BENCH_ONLY=b (say) runs only those measurements, to profile one of them with BENCH_CPU_PROF.
const chosen = ['a', 'b', 'c', 'd'].filter((name) => (process.env.BENCH_ONLY ?? 'abcd').includes(name));
// One unrecorded second of each at full load first: until the JIT has compiled the hot paths, the first
// round ran several percent slower than the others.
for (const name of chosen) await workloads[name](1000);
Object.assign(phases, { request: 0, delivery: 0, activate: 0 });
for (let round = 0; round < rounds; round++) {
  for (const name of chosen) results[name].push(await measure(name));
}

outbox.close();
agent.destroy();
stop();

// ---------- the table ----------
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const summary = (runs) => ({
  perSecond: median(runs.map((r) => r.perSecond)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  failures: runs.reduce((sum, r) => sum + r.failures, 0),
  done: runs.reduce((sum, r) => sum + r.done, 0),
  rounds: runs.map((r) => r.perSecond),
});
const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => summary(results[name]));
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 0) : '–');
const row = (label, m, latency = true) => [
  label,
  fmt(m.perSecond),
  latency ? fmt(m.p50) : '',
  latency ? fmt(m.p99) : '',
  `${m.failures} failed; rounds ${m.rounds.map(fmt).join(', ')}`,
];
const rows = [
  row('(a) RS256 RSA-3072 signatures/s, in-process (16 in flight)', a, false),
  ['    same, one at a time', fmt(signSerial.perSecond), '', '', 'before the rounds'],
  row('(b) one-time-code logins/s over HTTP', b),
  row('(c) identifier lookups/s', c),
  row('(d) bare route GET /v1/health req/s', d),
];
console.log(
  `\nauth server benchmark: ${rounds} rounds of ${seconds} s per measurement (medians), ${concurrency} in flight, SQLite, LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'}\n`,
);
console.log('| measurement | per second | p50 ms | p99 ms | notes |\n|---|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
const per = (ms, digits = 1) => (ms / Math.max(1, b.done)).toFixed(digits);
console.log(
  `\nper login, mean ms: request code ${per(phases.request)}, code delivered ${per(phases.delivery)}, activate ${per(phases.activate)}`,
);
if (b.done > 0) {
  const signCpu = (availableParallelism() * 1000) / a.perSecond; // every core busy during (a)
  console.log(
    `CPU per login, ms: server ${per(cpu.b.server, 2)} (of which one signature ≈ ${Number.isFinite(signCpu) ? signCpu.toFixed(2) : '–'}), load generator ${per(cpu.b.load, 2)}`,
  );
}
// A measurement the server cannot keep busy is held back by the load generator sharing its cores.
const perRequest = (name, label, m) =>
  m.done > 0
    ? `${label}: server ${((cpu[name].server * 1000) / m.done).toFixed(1)}, load generator ${((cpu[name].load * 1000) / m.done).toFixed(1)}`
    : null;
const requestCpu = [perRequest('c', '(c) lookup', c), perRequest('d', '(d) health', d)].filter(Boolean);
if (requestCpu.length > 0) console.log(`CPU per request, µs: ${requestCpu.join('; ')}`);
console.log(
  `b / a = ${(b.perSecond / a.perSecond).toFixed(2)} (goal >= 0.6)    c / d = ${(c.perSecond / d.perSecond).toFixed(2)} (goal >= 0.5)`,
);
