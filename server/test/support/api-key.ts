import { expect } from 'vitest';
import type { RunningTestServer } from './test-server.js';

/** A new management API key of `appId`, made through the admin API (the server runs with `adminKey`). */
export async function newApiKey(t: RunningTestServer, adminKey: string, appId: string): Promise<string> {
  const made = await t.call(
    `POST`,
    `/admin/v1/apps/${appId}/api-keys`,
    { name: 'tests' },
    {
      authorization: `Bearer ${adminKey}`,
    },
  );
  expect(made.status).toBe(201);
  return ((await made.json()) as { key: string }).key;
}
