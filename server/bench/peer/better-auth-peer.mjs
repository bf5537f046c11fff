// The bench's side of Better Auth (auth.bench.mjs): starts better-auth-server.mjs in its own process and
// signs its users in over HTTP, as the bench does with ours.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../test-support/start-server.mjs';

const require = createRequire(import.meta.url);
const betterAuthDir = dirname(dirname(require.resolve('better-auth')));
export const betterAuthVersion = JSON.parse(
  readFileSync(join(betterAuthDir, 'package.json'), 'utf8'),
).version;

/**
 * Codes handed over by Better Auth's `sendVerificationOTP` callback over the IPC channel; like the outbox
 * of ours, a code may come before its sign-in waits for it.
 */
function ipcCodes(child) {
  const waiting = new Map();
  const arrived = new Map();
  child.on('message', ({ email, otp }) => {
    if (!otp) return;
    const resolve = waiting.get(email);
    if (resolve) {
      waiting.delete(email);
      resolve(otp);
    } else arrived.set(email, otp);
  });
  return (email) => {
    const early = arrived.get(email);
    if (early) {
      arrived.delete(email);
      return Promise.resolve(early);
    }
    return new Promise((resolve, reject) => {
      waiting.set(email, resolve);
      setTimeout(() => waiting.delete(email) && reject(new Error(`no code for ${email}`)), 10_000).unref();
    });
  };
}

const idle = () => new Promise((resolve) => setTimeout(() => resolve(false), 5));

/**
 * Better Auth's server in its own process with `users` users made; `jwt` adds its JWT plugin. `requestTo`
 * is the bench's HTTP client (each simulated client with its own address), `profile` its node options.
 */
export async function startBetterAuth({ users, profile, requestTo, jwt = false }) {
  const dir = mkdtempSync(join(tmpdir(), 'op-bench-peer-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = fork(fileURLToPath(new URL('better-auth-server.mjs', import.meta.url)), [], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      BA_DB: join(dir, 'peer.db'),
      BA_USERS: String(users),
      BA_JWT: jwt ? '1' : '0',
    },
    execArgv: profile,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const codeFor = ipcCodes(child);
  await new Promise((resolve, reject) => {
    child.on('message', (message) => message.ready && resolve());
    child.once('exit', (code) =>
      reject(new Error(`Better Auth's server ended (${code}) before it answered`)),
    );
  });
  // Better Auth refuses a POST without an Origin it trusts (its base URL).
  const request = (method, path, body, client, headers) =>
    requestTo(base, method, path, body, client, { origin: base, ...headers });
  let nextUser = 0;
  return {
    pid: child.pid,
    /**
     * One email-OTP sign-in with the next user: ask for the code, take it from the callback, sign in (a
     * session cookie); with the JWT plugin, then fetch the session's JWT (ours answers with a signed one).
     */
    async login() {
      if (nextUser >= users) return idle();
      const i = nextUser++;
      const email = `user${i}@bench.example`;
      const client = 20_000 + i;
      const sent = await request(
        'POST',
        '/api/auth/email-otp/send-verification-otp',
        { email, type: 'sign-in' },
        client,
      );
      if (sent.status !== 200) return false;
      const otp = await codeFor(email);
      const signedIn = await request('POST', '/api/auth/sign-in/email-otp', { email, otp }, client);
      if (signedIn.status !== 200) return false;
      if (!jwt) return JSON.parse(signedIn.body).token?.length > 10;
      const cookie = (signedIn.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const token = await request('GET', '/api/auth/token', undefined, client, { cookie });
      return token.status === 200 && JSON.parse(token.body).token?.length > 100;
    },
    stop() {
      child.kill('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
