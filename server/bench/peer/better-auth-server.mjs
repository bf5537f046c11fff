#!/usr/bin/env node
// Better Auth's email-OTP sign-in served over HTTP, as the peer of `auth.bench.mjs` (started by it as a
// child process with an IPC channel; never part of the server). Settings as close to ours as Better Auth
// has them: SQLite through node:sqlite in a file of the same file system, rate limits on (per client
// address from X-Forwarded-For, as ours with TRUST_PROXY), codes stored hashed, users created before the
// measurement (not signed up by their first sign-in). No mail: the code is handed from Better Auth's
// `sendVerificationOTP` callback to the bench over the IPC channel, as ours lands in its dev outbox.
// BA_JWT=1 adds Better Auth's JWT plugin, so a sign-in also asks `/api/auth/token` for a signed JWT
// (ours answers with a signed RS256 token).
// Settings from the environment: PORT, BA_DB (file), BA_USERS (how many users to create), BA_JWT.
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { jwt } from 'better-auth/plugins/jwt';

const port = Number(process.env.PORT);
const database = new DatabaseSync(process.env.BA_DB);
database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
const options = {
  database,
  baseURL: `http://127.0.0.1:${port}`,
  secret: 'bench-secret-bench-secret-bench-secret-0123456789',
  rateLimit: { enabled: true },
  advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] } },
  logger: { level: 'error' },
  telemetry: { enabled: false },
  plugins: [
    emailOTP({
      storeOTP: 'hashed',
      disableSignUp: true,
      async sendVerificationOTP({ email, otp }) {
        process.send({ email, otp });
      },
    }),
    ...(process.env.BA_JWT === '1' ? [jwt()] : []),
  ],
};
const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);

// The users to sign in, through Better Auth's own adapter (not timed).
const context = await auth.$context;
const users = Number(process.env.BA_USERS ?? 0);
for (let i = 0; i < users; i++) {
  await context.internalAdapter.createUser({
    email: `user${i}@bench.example`,
    name: `user${i}`,
    emailVerified: true,
  });
}

createServer(toNodeHandler(auth)).listen(port, '127.0.0.1', () => process.send({ ready: true }));
