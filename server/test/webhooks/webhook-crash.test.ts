import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { createSharedTestDatabase, type TestDatabase } from '../support/test-database.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const APP_ID = 'crashApp000000000000001';
const ADMIN_KEY = 'admin-key-for-the-webhook-crash-test';
/** Each round queues ten test messages and creates a user (a `user_created` message). */
const ROUNDS = 20;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The built server killed with SIGKILL while it sends webhooks, then started again on the same
 * database: every queued message reaches the receiver, and only messages in flight at the kill may
 * come twice (at-least-once delivery), which the receiver drops by their `webhook-id`.
 */
describe.skipIf(!existsSync(main))('webhooks across a kill -9 of the built server', () => {
  let database: TestDatabase;
  let dir: string;
  let port: number;
  let child: ChildProcess | null = null;
  let output = '';
  const receiver = new WebhookReceiver();
  const base = () => `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  const start = async () => {
    output = '';
    const started = spawn(process.execPath, [main], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: database.url,
        APPS_FILE: join(dir, 'apps.json'),
        ADMIN_API_KEY: ADMIN_KEY,
        // Claims of a killed instance lapse after 2 × 1 s + 5 s.
        WEBHOOK_TIMEOUT_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(
      () => {
        if (started.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        expect(output).toContain('open-passage is running');
      },
      { timeout: 20_000, interval: 50 },
    );
    child = started;
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'op-webhook-crash-'));
    await writeFile(
      join(dir, 'apps.json'),
      JSON.stringify({ apps: [{ id: APP_ID, name: 'Crash test', auth_origin: '${PUBLIC_URL}' }] }),
    );
    port = await freePort();
    await receiver.start();
    // Slow enough that a kill lands while a batch is in flight.
    receiver.delayMs = 150;
  });
  afterAll(async () => {
    await stop('SIGKILL');
    await receiver.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('loses no message and hands each to the deduping receiver once', { timeout: 90_000 }, async () => {
    await start();
    const made = await call('POST', `/admin/v1/apps/${APP_ID}/api-keys`, ADMIN_KEY, { name: 'crash' });
    const key = made.body.key as string;
    const endpoint = await call('POST', `/v1/apps/${APP_ID}/webhooks`, key, {
      url: receiver.url,
      event_types: ['*'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    receiver.secret = endpoint.body.secret as string;
    const webhookId = endpoint.body.webhook.id as string;

    // Killed once the receiver has 40 messages, while events are still being queued: the queueing
    // below stops at the kill, and the database holds whatever was committed by then.
    const killed = vi
      .waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(40), {
        timeout: 30_000,
        interval: 5,
      })
      .then(async () => {
        await stop('SIGKILL');
        return receiver.processed.size;
      });
    const testIds: string[] = [];
    let users = 0;
    for (let round = 0; round < ROUNDS && child; round++) {
      const answers = await Promise.allSettled([
        ...Array.from({ length: 10 }, () =>
          call('POST', `/v1/apps/${APP_ID}/webhooks/${webhookId}/test`, key),
        ),
        call('POST', `/v1/apps/${APP_ID}/users`, key, { email: `u${round}@example.com` }),
      ]);
      for (const answer of answers) {
        if (answer.status === 'rejected') continue; // the server was killed meanwhile
        if (answer.value.body.message_id) testIds.push(answer.value.body.message_id as string);
        else if (answer.value.status === 201) users++;
      }
    }
    const atKill = await killed;
    expect(testIds.length + users).toBeGreaterThan(atKill);

    await start();
    const { db } = openDatabase(database.url);
    let failedTries: number;
    try {
      // The messages in flight at the kill were processed but not marked sent: they go again once
      // their claims lapse, and the receiver drops them as duplicates.
      await vi.waitFor(
        async () => {
          const rows = await db.selectFrom('webhook_messages').select(['id', 'status']).execute();
          expect(rows.length).toBeGreaterThanOrEqual(testIds.length + users);
          expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
          expect([...receiver.processed].sort()).toEqual(rows.map((row) => row.id).sort());
        },
        { timeout: 60_000, interval: 200 },
      );
      // A try that failed (a late answer on a loaded machine) is retried too: also at least once.
      const failed = await db
        .selectFrom('webhook_attempts')
        .select('id')
        .where('error', 'is not', null)
        .execute();
      failedTries = failed.length;
    } finally {
      await db.destroy();
    }
    await stop('SIGTERM');
    expect(testIds.every((id) => receiver.processed.has(id))).toBe(true);
    expect(receiver.received.every((entry) => entry.verified !== null)).toBe(true);
    // Only the sends in flight at the kill (fewer than 8 for one endpoint) and failed tries can come again.
    expect(receiver.duplicates).toBeLessThan(8 + failedTries);
    expect(receiver.received.length).toBe(receiver.processed.size + receiver.duplicates);
  });
});
