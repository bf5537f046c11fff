#!/usr/bin/env node
// Identity-server throughput, printed as one table (`npm run bench`; a measurement, never a test):
//  (a) RS256 signatures/s with an RSA-3072 app key, in-process, through the server's own AuthTokens code;
//  (b) complete one-time-code logins/s over HTTP: request a code, read it from the dev outbox, activate, get tokens;
//  (c) identifier lookups/s (GET /users?identifier=) with p50/p99 latency;
//  (d) a bare route's requests/s (GET /v1/health) on the same server;
//  (e) the logins of (b) on a second server with the metrics on (METRICS_PORT, scraped every second),
//      and, in-process, the CPU the metrics' own work takes per login and per scrape;
//  (f), (g) the logins of (b) and (e) with 16 in flight, beside (p) Better Auth's email-OTP sign-in (its
//      `emailOTP` plugin, node:sqlite in a file of the same file system, rate limits on) served over HTTP
//      by its own process (bench/peer/), 16 in flight, and (q) the same with its JWT plugin (each sign-in
//      also fetches a JWT, as ours answers with one); with server CPU per sign-in and ours / theirs.
// Goals: b >= 0.6 x a, c >= 0.5 x d, e >= 0.95 x b (the metrics cost at most 5 % of the sign-in rate).
// The event log is always on (there is no setting to turn it off), so every row of ours includes it.
// Each server runs as its own process (server/dist/main.js, SQLite, rate limits on, TRUST_PROXY so each
// simulated client has its own address); load comes from here with many requests in flight over
// keep-alive connections. All traffic stays on 127.0.0.1.
// The measurements run in turn (interleaved), BENCH_ROUNDS times (default 5), after one unrecorded second of each,
// and each figure is the median of its rounds: a ratio compares measurements taken seconds apart, so a
// busy machine skews both alike.
// For profiling: BENCH_ONLY=b runs only (b), BENCH_CPU_PROF=<dir> writes the servers' CPU profiles there.
// The CPU lines split the cost of a login, a lookup and a health check between the server process (all
// its threads) and this load generator, which shares the machine's cores with it.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test-support/start-server.mjs';
import { betterAuthVersion, startBetterAuth } from './peer/better-auth-peer.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Requests in flight when ours runs beside Better Auth (f, g, p, q). */
const peerConcurrency = Number(process.env.BENCH_PEER_CONCURRENCY ?? 16);
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

// ---------- the metrics' own work, in-process: what a login adds, and one scrape ----------
const { PrometheusMetrics } = await import('../dist/metrics/prometheus-metrics.js');
const metricsWork = new PrometheusMetrics({ queueDepth: async () => ({ email: 0 }), pool: null, warn() {} });
/** µs of CPU per call of `work`, over `n` calls (after as many unrecorded ones). */
async function cpuMicros(n, work) {
  for (let i = 0; i < n; i++) await work(i);
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await work(i);
  const { user, system } = process.cpuUsage(before);
  return (user + system) / n;
}
// A login: two answers timed by route family (code requested, code activated) and one sign-in counted.
const { routeFamily } = await import('../dist/metrics/route-families.js');
const metricsPerLogin = await cpuMicros(200_000, () => {
  metricsWork.observeRequest(routeFamily('/v1/apps/:appId/login/otp'), 201, 0.004);
  metricsWork.observeRequest(routeFamily('/v1/apps/:appId/otp/activate'), 200, 0.012);
  metricsWork.signIn(APP_ID, 'otp');
});
const metricsPerScrape = await cpuMicros(200, () => metricsWork.exposition());

// ---------- the servers, each in its own process ----------
const profile = process.env.BENCH_CPU_PROF
  ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });

/** One HTTP request to `base`; resolves {status, body}. Each simulated client has its own (benchmark-range) address. */
function requestTo(base, method, path, body, client = 0, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'x-forwarded-for': `198.18.${(client >> 8) & 255}.${client & 255}`,
          ...extraHeaders,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Starts a server with `env` added to the bench settings and waits until it answers. */
async function startServer(env = {}) {
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
  const child = spawn(process.execPath, [...profile, join(root, 'server/dist/main.js')], {
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  for (let i = 0; ; i++) {
    const ok = await requestTo(base, 'GET', '/v1/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (i > 1200) throw new Error('the server did not start within a minute');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    pid: child.pid,
    dbFile,
    request: (method, path, body, client) => requestTo(base, method, path, body, client),
    stop() {
      child.kill('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Users to log in (one login each, so per-identifier send limits never interfere); not timed. Each of
// our servers serves two login measurements ((b) and (f), or (e) and (g)).
const users = 2 * Math.ceil((rounds * seconds + 1) * 1500) + 200;
/** Better Auth's users: its sign-ins run at a fraction of ours. */
const peerUsers = Math.ceil((rounds * seconds + 2) * 600) + 200;
async function createUsers(server) {
  let created = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = created++; i < users; i = created++) {
        const res = await server.request(
          'POST',
          api('/users'),
          { identifier: `user${i}@bench.example` },
          1000 + i,
        );
        if (res.status !== 201) throw new Error(`creating a user answered ${res.status}: ${res.body}`);
      }
    }),
  );
}
// The server's own SQLite opener (node:sqlite, without Node 22's experimental warning).
const { openSqlite } = await import('../dist/db/sqlite-driver.js');

/**
 * A server's dev outbox, read by one poller for every waiting login (one query per tick, not one per
 * waiter), so the reader stays light. A code can land before its login starts waiting (the worker may
 * deliver before the HTTP answer is read), so codes nobody waits for yet are kept until asked for.
 */
function outboxOf(dbFile) {
  const outbox = openSqlite(dbFile, { readonly: true });
  const newMessages = outbox.prepare(
    'SELECT rowid, recipient, text FROM dev_outbox WHERE rowid > ? ORDER BY rowid',
  );
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
  return {
    codeFor(identifier) {
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
    },
    close: () => outbox.close(),
  };
}

// Started first: they make their users in their own processes while ours are made over HTTP.
const peerSettings = { users: peerUsers, profile, requestTo };
const peersStarting = Promise.all([
  startBetterAuth(peerSettings),
  startBetterAuth({ ...peerSettings, jwt: true }),
]);

const api = (suffix) => `/v1/apps/${APP_ID}${suffix}`;
const plain = await startServer();
// The same server with its metrics on, scraped every second (Prometheus scrapes every 15 s by default).
const metricsPort = await freePort();
const measured = await startServer({ METRICS_PORT: String(metricsPort) });
const scrapes = { done: 0, failed: 0 };
const scraper = setInterval(() => {
  requestTo(`http://127.0.0.1:${metricsPort}`, 'GET', '/metrics').then(
    (res) =>
      res.status === 200 && res.body.includes('open_passage_sign_ins_total')
        ? scrapes.done++
        : scrapes.failed++,
    () => scrapes.failed++,
  );
}, 1000);
for (const server of [plain, measured]) {
  await createUsers(server);
  server.outbox = outboxOf(server.dbFile);
  server.nextUser = 0;
}
const [peerPlain, peerJwt] = await peersStarting;

// ---------- (b) complete one-time-code logins ----------
/** Where a login's time goes, summed over all logins: asking for the code, waiting for it, activating. */
const phases = { request: 0, delivery: 0, activate: 0 };
/** CPU ms used so far by a server process (all its threads) and by this process (the load). */
const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
function cpuMs(server) {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const { user, system } = process.cpuUsage();
  return { server: (Number(fields[11]) + Number(fields[12])) / ticksPerMs, load: (user + system) / 1000 };
}
/** CPU ms each measurement cost, summed over its rounds, in the server and in this load generator. */
const cpu = Object.fromEntries(
  ['b', 'c', 'd', 'e', 'f', 'g', 'p', 'q'].map((name) => [name, { server: 0, load: 0 }]),
);
async function withCpu(name, server, measurement) {
  const before = cpuMs(server);
  const result = await measurement();
  const after = cpuMs(server);
  cpu[name].server += after.server - before.server;
  cpu[name].load += after.load - before.load;
  return result;
}

/**
 * One login on `server`, with the next of its users; the first one also creates the app's signing key
 * (RSA-3072 generation, seconds). `timePhases` adds its phases to those of (b).
 */
async function login(server, timePhases = false) {
  if (server.nextUser >= users) return idle();
  const i = server.nextUser++;
  const identifier = `user${i}@bench.example`;
  const t0 = performance.now();
  const sent = await server.request('POST', api('/login/otp'), { identifier }, 20_000 + i);
  if (sent.status !== 201) return false;
  const { otp_id } = JSON.parse(sent.body);
  const t1 = performance.now();
  const otp = await server.outbox.codeFor(identifier);
  const t2 = performance.now();
  const activated = await server.request('POST', api('/otp/activate'), { otp, otp_id }, 20_000 + i);
  if (timePhases) {
    phases.request += t1 - t0;
    phases.delivery += t2 - t1;
    phases.activate += performance.now() - t2;
  }
  return activated.status === 200 && JSON.parse(activated.body).auth_result?.auth_token?.length > 100;
}

const idle = () => new Promise((resolve) => setTimeout(() => resolve(false), 5));

/** Each measurement's load for `ms`, without its CPU accounting. */
const workloads = {
  // (a) RS256 signatures in this process, 16 in flight (the thread pool uses every core).
  a: (ms) => load(ms, 16, signOne),
  // (b) complete one-time-code logins over HTTP.
  b: (ms) => load(ms, concurrency, () => login(plain, true)),
  // (c) identifier lookups, half of them for existing users.
  c: (ms) =>
    load(ms, concurrency, async (i) => {
      const res = await plain.request(
        'GET',
        api(`/users?identifier=user${i % (users * 2)}%40bench.example`),
        undefined,
        i % 50_000,
      );
      return res.status === 200;
    }),
  // (d) a bare route on the same server.
  d: (ms) => load(ms, concurrency, async () => (await plain.request('GET', '/v1/health')).status === 200),
  // (e) the logins of (b) on the server with the metrics on.
  e: (ms) => load(ms, concurrency, () => login(measured)),
  // (f), (g): (b) and (e) with as many in flight as Better Auth gets.
  f: (ms) => load(ms, peerConcurrency, () => login(plain)),
  g: (ms) => load(ms, peerConcurrency, () => login(measured)),
  // (p), (q): Better Auth's email-OTP sign-ins, without and with its JWT plugin.
  p: (ms) => load(ms, peerConcurrency, () => peerPlain.login()),
  q: (ms) => load(ms, peerConcurrency, () => peerJwt.login()),
};
const serverOf = {
  b: plain,
  c: plain,
  d: plain,
  e: measured,
  f: plain,
  g: measured,
  p: peerPlain,
  q: peerJwt,
};
/** One round of a measurement: (a) for half the time (it needs no server), the others with their CPU. */
const measure = (name) =>
  name === 'a'
    ? workloads.a(seconds * 500)
    : withCpu(name, serverOf[name], () => workloads[name](seconds * 1000));
const results = { a: [], b: [], c: [], d: [], e: [], f: [], g: [], p: [], q: [] };
// BENCH_ONLY=b (say) runs only those measurements, to profile one of them with BENCH_CPU_PROF.
// (e) right after (b): the ratio of the two compares moments as close as can be; so for ours and
// Better Auth's (f, p, g, q).
const chosen = ['a', 'b', 'e', 'c', 'd', 'f', 'p', 'g', 'q'].filter((name) =>
  (process.env.BENCH_ONLY ?? 'abcdefgpq').includes(name),
);
// One unrecorded second of each at full load first: until the JIT has compiled the hot paths, the first
// round ran several percent slower than the others.
for (const name of chosen) await workloads[name](1000);
Object.assign(phases, { request: 0, delivery: 0, activate: 0 });
for (let round = 0; round < rounds; round++) {
  for (const name of chosen) results[name].push(await measure(name));
}

clearInterval(scraper);
for (const server of [plain, measured]) {
  server.outbox.close();
  server.stop();
}
for (const peer of [peerPlain, peerJwt]) peer.stop();
agent.destroy();

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
const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((name) => summary(results[name]));
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
  row('(e) logins/s as (b), metrics on (METRICS_PORT, scraped every second)', e),
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
  `metrics work in-process: ${metricsPerLogin.toFixed(2)} µs per login${b.done > 0 ? ` (${((metricsPerLogin / ((cpu.b.server / b.done) * 1000)) * 100).toFixed(2)} % of the server's CPU per login in (b))` : ''}, ${(metricsPerScrape / 1000).toFixed(2)} ms per scrape`,
);
if (e.done > 0 && b.done > 0) {
  // (b) and (e) of one round ran seconds apart; the medians of the rounds' ratios are what the machine's
  // swings (other work on its two cores) move least. Server CPU per login moves less than logins/s.
  const byRound = b.rounds.map((perSecond, round) => e.rounds[round] / perSecond);
  const perLogin = (name, m) => (cpu[name].server / m.done) * 1000;
  console.log(
    `metrics on: e / b by round ${byRound.map((x) => x.toFixed(3)).join(', ')} (median ${median(byRound).toFixed(3)}); server CPU per login ${perLogin('e', e).toFixed(0)} µs against ${perLogin('b', b).toFixed(0)} µs without (${((perLogin('e', e) / perLogin('b', b) - 1) * 100).toFixed(1)} %); ${scrapes.done} scrapes answered, ${scrapes.failed} failed`,
  );
}
console.log(
  `b / a = ${(b.perSecond / a.perSecond).toFixed(2)} (goal >= 0.6)    c / d = ${(c.perSecond / d.perSecond).toFixed(2)} (goal >= 0.5)    e / b = ${(e.perSecond / b.perSecond).toFixed(3)} (goal >= 0.95: metrics cost at most 5 %)`,
);

// ---------- ours beside Better Auth ----------
const [f, g, p, q] = ['f', 'g', 'p', 'q'].map((name) => summary(results[name]));
/** Server CPU ms per sign-in of a measurement, over its rounds. */
const cpuPerSignIn = (name, m) => (m.done > 0 ? (cpu[name].server / m.done).toFixed(2) : '–');
/** The median of the rounds' ratios x / y: the two ran seconds apart in each round. */
const ratioByRound = (x, y) =>
  x.rounds.length > 0 && x.rounds.length === y.rounds.length
    ? median(x.rounds.map((perSecond, round) => perSecond / y.rounds[round])).toFixed(2)
    : '–';
if ([f, g, p, q].some((m) => m.done > 0)) {
  console.log(
    `\nbeside Better Auth ${betterAuthVersion} (email OTP, node:sqlite, rate limits on, codes hashed; its logger at 'error', its rate limits in memory): ${peerConcurrency} in flight, ${rounds} interleaved rounds of ${seconds} s (medians)\n`,
  );
  console.log(
    '| sign-ins | per second | p50 ms | p99 ms | server CPU ms per sign-in | notes |\n|---|---:|---:|---:|---:|---|',
  );
  const peerRow = (label, name, m) => {
    const [, perSecond, p50, p99, notes] = row(label, m);
    console.log(`| ${label} | ${perSecond} | ${p50} | ${p99} | ${cpuPerSignIn(name, m)} | ${notes} |`);
  };
  peerRow('(f) ours, metrics off (event log on)', 'f', f);
  peerRow('(g) ours, metrics on (scraped every second), event log on', 'g', g);
  peerRow(`(p) Better Auth ${betterAuthVersion}, emailOTP plugin`, 'p', p);
  peerRow(`(q) Better Auth ${betterAuthVersion}, emailOTP + JWT plugins (fetches /token)`, 'q', q);
  console.log(
    `ours / Better Auth (median of the rounds' ratios): f / p = ${ratioByRound(f, p)}, g / p = ${ratioByRound(g, p)}, f / q = ${ratioByRound(f, q)}, g / q = ${ratioByRound(g, q)}; metrics on: g / f = ${ratioByRound(g, f)}`,
  );
}
