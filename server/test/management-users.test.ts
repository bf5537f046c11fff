import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from './support/test-server.js';

const ADMIN_KEY = 'admin-key-for-management-users-0';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('management API users', () => {
  let t: RunningTestServer;
  let key: string;
  const manage = (method: string, path: string, body?: unknown) =>
    t.call(method, `/v1/apps/${TEST_APP_ID}${path}`, body, { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { ADMIN_API_KEY: ADMIN_KEY },
      apps: [{ id: TEST_APP_ID, allowed_identifier: 'both' }],
    });
    const made = await t.call(
      'POST',
      `/admin/v1/apps/${TEST_APP_ID}/api-keys`,
      { name: 'tests' },
      {
        authorization: `Bearer ${ADMIN_KEY}`,
      },
    );
    key = ((await made.json()) as Json).key;
  });
  afterAll(() => t.stop());

  it.each([1, 2, 3, 4, 5])(
    'round %i: creations with one email race; one creates the user with what it sent, the others get 409',
    async (round) => {
      const email = `race-${round}@example.com`;
      const phones = Array.from({ length: 8 }, (_, i) => `+141555501${round}${i}`);
      const answers = await Promise.all(
        phones.map(async (phone) => {
          const response = await manage('POST', '/users', { email, phone });
          return { phone, status: response.status, body: (await response.json()) as Json };
        }),
      );
      const created = answers.filter((answer) => answer.status === 201);
      expect(created).toHaveLength(1);
      const winner = created[0]!;
      expect(winner.body.user).toMatchObject({ email, phone: winner.phone, status: 'active' });
      const losers = answers.filter((answer) => answer !== winner);
      for (const loser of losers) {
        expect(loser.status).toBe(409);
        expect(loser.body).toEqual({
          code: 'user_already_exists',
          error: 'Another user of this app already has this email.',
        });
      }
      const listed = (await (await manage('GET', `/users?identifier=${email}`)).json()) as Json;
      expect(listed.users).toEqual([
        expect.objectContaining({ id: winner.body.user.id, phone: winner.phone }),
      ]);
      for (const loser of losers) {
        const query = `/users?identifier=${encodeURIComponent(loser.phone)}`;
        expect(((await (await manage('GET', query)).json()) as Json).total_users).toBe(0);
      }
    },
  );

  it('answers 409 for a taken email or phone, on creation and on change', async () => {
    const first = (await (
      await manage('POST', '/users', { email: 'taken@example.com', phone: '+14155550199' })
    ).json()) as Json;
    const other = (await (await manage('POST', '/users', { email: 'other@example.com' })).json()) as Json;
    for (const [method, path, body, type] of [
      ['POST', '/users', { email: 'taken@example.com' }, 'email'],
      ['POST', '/users', { email: 'fresh@example.com', phone: '+14155550199' }, 'phone'],
      ['PATCH', `/users/${other.user.id}`, { email: 'taken@example.com' }, 'email'],
      ['PATCH', `/users/${other.user.id}`, { phone: '+14155550199' }, 'phone'],
    ] as const) {
      const response = await manage(method, path, body);
      expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(await response.json()).toEqual({
        code: 'user_already_exists',
        error: `Another user of this app already has this ${type}.`,
      });
    }
    expect(first.user.id).not.toBe(other.user.id);
    const fresh = (await (await manage('GET', '/users?identifier=fresh@example.com')).json()) as Json;
    expect(fresh.total_users).toBe(0);
  });
});
