#!/usr/bin/env node
// User import, as users run it (`npm run bench import`; a measurement, never a test):
//  (a) HTTP: a 30,000-user import posted to the built server (server/dist/main.js) while GET /v1/health is
//      probed one request after the other; prints rows/s and the probe's p50/p90/max (goal: p90 <= 250 ms,
//      the import must not hold up sign-ins). Posted as the JSON body `{users: [...]}` and as a CSV file
//      (`Content-Type: text/csv`).
//  (b) CLI: `open-passage-server import users.csv` of a ~50 MB CSV; prints rows/s and the command's peak RSS.
// Both also print the CPU time the server or command spent, steadier than wall time on a shared machine.
// BENCH_IMPORT_ROWS (30000), BENCH_CSV_MB (50), BENCH_ROUNDS (3, HTTP rounds; each on a fresh database),
// BENCH_ONLY=http|cli, BENCH_DATABASE_URL=postgres://… (an admin URL: each round gets a database of its own,
// dropped after) to run on PostgreSQL instead of SQLite, BENCH_MAIN=<another build's dist/main.js> to
// measure it instead of this one (nothing is built then). All traffic stays on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test-support/start-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = process.env.BENCH_MAIN ?? join(root, 'server/dist/main.js');
const rowsWanted = Number(process.env.BENCH_IMPORT_ROWS ?? 30_000);
const csvMegabytes = Number(process.env.BENCH_CSV_MB ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const only = process.env.BENCH_ONLY ?? 'http,cli';
const pgAdmin = process.env.BENCH_DATABASE_URL ?? null;
const APP_ID = 'benchImport0000000000001';
const ADMIN_KEY = randomBytes(24).toString('hex');

if (!process.env.BENCH_MAIN) {
  execFileSync('npm', ['run', 'build', '-w', 'open-passage-server'], { cwd: root, stdio: 'ignore' });
}
const dir = mkdtempSync(join(tmpdir(), 'op-import-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'apps.json'),
  JSON.stringify({
    apps: [
      {
        id: APP_ID,
        name: 'Import bench',
        auth_origin: 'http://localhost:8080',
        user_metadata_schema: [{ id: 'team', field_name: 'team', friendly_name: 'Team', type: 'string' }],
      },
    ],
  }),
);

/** A database for one run: a SQLite file in the temporary folder, or a new PostgreSQL database. */
async function freshDatabase(name) {
  const database = `op_bench_${name}_${randomBytes(4).toString('hex')}`;
  if (!pgAdmin) return { url: `sqlite:${join(dir, `${database}.db`)}`, drop: async () => {} };
  const pg = (await import('pg')).default;
  const admin = async (query) => {
    const client = new pg.Client({ connectionString: pgAdmin });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(pgAdmin);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

const env = (databaseUrl) => ({
  ...process.env,
  APPS_FILE: join(dir, 'apps.json'),
  DATABASE_URL: databaseUrl,
  STATIC_DIR: '',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  SMS_PROVIDER: '',
  ADMIN_API_KEY: ADMIN_KEY,
});

const agent = new http.Agent({ keepAlive: true });
/** One request: resolves {status, body, ms}. */
function request(base, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU ms used so far by a process (all its threads), from /proc (USER_HZ is 100 on Linux). */
function serverCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const fmt = (x, digits = 0) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const range = (xs, digits = 0) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 1
    ? fmt(sorted[0], digits)
    : `${fmt(sorted[Math.floor(sorted.length / 2)], digits)} (${fmt(sorted[0], digits)}–${fmt(sorted.at(-1), digits)})`;
};

// ---------- (a) HTTP import with health probes ----------
function users(count) {
  return Array.from({ length: count }, (_, i) => ({ email: `user${i}@bench.example` }));
}
const uploads = {
  'JSON {users}': {
    body: JSON.stringify({ users: users(rowsWanted) }),
    type: 'application/json',
  },
  'CSV file': {
    body: ['email,team', ...users(rowsWanted).map((u, i) => `${u.email},team${i % 10}`)].join('\n'),
    type: 'text/csv',
  },
};

async function httpRound(name, upload) {
  const database = await freshDatabase('http');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [main], {
    env: { ...env(database.url), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const up = await request(base, 'GET', '/v1/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (i > 200) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < 50; i++) await request(base, 'GET', '/v1/health'); // warm
    let importing = true;
    const probes = [];
    const probing = (async () => {
      while (importing) {
        const { ms, status } = await request(base, 'GET', '/v1/health');
        if (status === 200) probes.push(ms);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const cpuBefore = serverCpuMs(server.pid);
    const started = performance.now();
    const answer = await request(base, 'POST', `/admin/v1/apps/${APP_ID}/users/import`, upload.body, {
      authorization: `Bearer ${ADMIN_KEY}`,
      'content-type': upload.type,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (serverCpuMs(server.pid) - cpuBefore) / 1000;
    const peakMb =
      Number(/VmHWM:\s*(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;
    importing = false;
    await probing;
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 300)}`);
    const report = JSON.parse(answer.body);
    if (report.created !== rowsWanted) throw new Error(`${name}: created ${report.created} of ${rowsWanted}`);
    probes.sort((a, b) => a - b);
    return {
      rowsPerSecond: rowsWanted / seconds,
      rowsPerCpuSecond: rowsWanted / cpuSeconds,
      peakMb,
      seconds,
      probes: probes.length,
      p50: percentile(probes, 50),
      p90: percentile(probes, 90),
      max: probes.at(-1),
    };
  } finally {
    server.kill('SIGINT');
    await once(server, 'exit');
    await database.drop();
  }
}

const database = pgAdmin ? 'PostgreSQL' : 'SQLite';
if (only.includes('http')) {
  console.log(
    `\nHTTP import of ${rowsWanted} users into the built server (${database}), GET /v1/health probed meanwhile; ${rounds} rounds, median (min–max)\n`,
  );
  console.log(
    '| upload | size | rows/s | rows per server CPU s | server peak RSS MB | seconds | probes | health p50 ms | p90 ms | max ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, upload] of Object.entries(uploads)) {
    const results = [];
    for (let round = 0; round < rounds; round++) {
      try {
        results.push(await httpRound(name, upload));
      } catch (error) {
        console.log(`| ${name} | ${(error.message ?? String(error)).slice(0, 200)} |`);
        break;
      }
    }
    if (results.length === 0) continue;
    const col = (key, digits) =>
      range(
        results.map((r) => r[key]),
        digits,
      );
    const mb = (Buffer.byteLength(upload.body) / 1e6).toFixed(1);
    console.log(
      `| ${name} | ${mb} MB | ${col('rowsPerSecond')} | ${col('rowsPerCpuSecond')} | ${col('peakMb')} | ${col('seconds', 1)} | ${col('probes')} | ${col('p50', 1)} | ${col('p90', 1)} | ${col('max', 1)} |`,
    );
  }
}

// ---------- (b) CLI import of a large CSV ----------
async function writeCsv(file, megabytes) {
  const out = createWriteStream(file);
  out.write('email,team,email_verified\n');
  let rows = 0;
  let bytes = 0;
  while (bytes < megabytes * 1e6) {
    let chunk = '';
    for (let i = 0; i < 1000; i++, rows++) chunk += `cli-user-${rows}@bench.example,team${rows % 10},true\n`;
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return rows;
}

if (only.includes('cli')) {
  const csv = join(dir, 'users.csv');
  const rows = await writeCsv(csv, csvMegabytes);
  // The command's own peak RSS, written as it exits (also when it fails).
  const rssFile = join(dir, 'rss.txt');
  const probe = join(dir, 'peak-rss.mjs');
  writeFileSync(
    probe,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, JSON.stringify(process.resourceUsage())));\n`,
  );
  const db = await freshDatabase('cli');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', probe, main, 'import', csv], {
    env: env(db.url),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdoutBytes = 0;
  let lastLines = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdoutBytes += chunk.length;
    lastLines = (lastLines + chunk.toString()).slice(-400);
  });
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const [code] = await once(child, 'exit');
  const seconds = (performance.now() - started) / 1000;
  await db.drop();
  const usage = JSON.parse(readFileSync(rssFile, 'utf8'));
  const peakMb = usage.maxRSS / 1024;
  const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  const totals = /Imported into app \S+: (.*)\./.exec(lastLines)?.[1] ?? 'no report';
  console.log(
    `\nCLI import of a ${(statSync(csv).size / 1e6).toFixed(1)} MB CSV (${rows} rows, ${database}): exit ${code}, ${fmt(seconds, 1)} s, ${fmt(rows / seconds)} rows/s, ${fmt(cpuSeconds, 1)} CPU s (${fmt(rows / cpuSeconds)} rows per CPU s), peak RSS ${fmt(peakMb)} MB, report ${(stdoutBytes / 1e6).toFixed(1)} MB: ${totals}`,
  );
  if (stderr) console.log(`stderr: ${stderr.trim().slice(0, 300)}`);
}
agent.destroy();
