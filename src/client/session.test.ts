import { describe, expect, it } from 'vitest';
import { type KeyValueStorage, memoryStorage } from './browser-storage';
import { PassageError } from './passage-error';
import { type LockManagerLike, refusesRefreshToken, Session } from './session';
import { LocalTokenStore } from './token-store';

const jwt = (exp: number) =>
  [
    { alg: 'RS256', typ: 'JWT' },
    { sub: 'u1', exp },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.') + '.sig';
const EXPIRED = jwt(1);
const FRESH = jwt(Math.floor(Date.now() / 1000) + 3600);

type Answer = { status: number; body?: unknown } | 'network-down';

/** A session whose refresh calls get the given answers in turn (the last one repeats). */
function sessionAnswering(...answers: Answer[]) {
  const storage = memoryStorage();
  const tokens = new LocalTokenStore(storage, { read: () => '', write: () => undefined });
  tokens.setTokens({ auth_token: EXPIRED, redirect_url: '/', refresh_token: 'r1' });
  let calls = 0;
  const fetch = (async () => {
    const answer = answers[Math.min(calls++, answers.length - 1)]!;
    if (answer === 'network-down') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  }) as typeof globalThis.fetch;
  const session = new Session({ apiUrl: 'http://id.test', headers: {}, fetch }, '/v1/apps/a', tokens);
  return { session, storage, calls: () => calls };
}

const refreshed = { status: 201, body: { auth_result: { auth_token: FRESH, refresh_token: 'r2' } } };

describe('session refresh', () => {
  it('a refused refresh token (401 invalid_refresh_token) ends the session: 704 and no tokens', async () => {
    const { session, storage } = sessionAnswering({
      status: 401,
      body: { code: 'invalid_refresh_token', error: 'revoked' },
    });
    await expect(session.getAuthToken()).rejects.toMatchObject({ statusCode: 704, code: 'PSGLoginRequired' });
    expect(storage.getItem('psg_refresh_token')).toBeNull();
    expect(storage.getItem('psg_auth_token')).toBeNull();
  });

  it('a network failure keeps the tokens, rejects with status 0, and the next call refreshes', async () => {
    const { session, storage, calls } = sessionAnswering('network-down', refreshed);
    await expect(session.getAuthToken()).rejects.toMatchObject({ statusCode: 0, code: 'network_error' });
    expect(storage.getItem('psg_refresh_token')).toBe('r1');
    expect(storage.getItem('psg_auth_token')).toBe(EXPIRED);
    expect(await session.getAuthToken()).toBe(FRESH);
    expect(storage.getItem('psg_refresh_token')).toBe('r2');
    expect(calls()).toBe(2);
  });

  for (const status of [500, 502, 503, 408, 429]) {
    it(`a ${status} answer keeps the tokens and rejects with that status`, async () => {
      const { session, storage } = sessionAnswering({ status, body: { code: 'x', error: 'later' } });
      await expect(session.getAuthToken()).rejects.toMatchObject({ statusCode: status });
      expect(storage.getItem('psg_refresh_token')).toBe('r1');
    });
  }

  it('without a refresh token an expired session is over (704), with no call', async () => {
    const { session, storage, calls } = sessionAnswering(refreshed);
    storage.removeItem('psg_refresh_token');
    await expect(session.getAuthToken()).rejects.toMatchObject({ statusCode: 704 });
    expect(calls()).toBe(0);
  });
});

describe('which refresh failures refuse the token', () => {
  const error = (status: number, code = '') => new PassageError(status, code, '');
  it('the server saying no about the token: any 4xx but 408 and 429', () => {
    for (const refused of [
      error(401, 'invalid_refresh_token'),
      error(401),
      error(400, 'invalid_request'),
      error(403, 'user_not_active'),
      error(404, 'user_not_found'),
    ])
      expect(refusesRefreshToken(refused), `${refused.statusCode} ${refused.code}`).toBe(true);
  });

  it('not a failure to ask: network, time-out, rate limit, server errors, or anything not from the API', () => {
    for (const transient of [error(0, 'network_error'), error(408), error(429), error(500), error(503)])
      expect(refusesRefreshToken(transient), String(transient.statusCode)).toBe(false);
    expect(refusesRefreshToken(new SyntaxError('Unexpected end of JSON input'))).toBe(false);
  });
});

/** Web Locks as a browser gives them to all its tabs: one holder per name at a time, the others queue. */
function fakeLocks(): LockManagerLike & { requested: string[] } {
  const queues = new Map<string, Promise<unknown>>();
  const pending = new Map<string, number>();
  const requested: string[] = [];
  return {
    requested,
    request<T>(
      name: string,
      options: { ifAvailable?: boolean },
      callback: (lock: unknown) => Promise<T>,
    ): Promise<T> {
      requested.push(name);
      if (options.ifAvailable && pending.get(name)) return callback(null);
      pending.set(name, (pending.get(name) ?? 0) + 1);
      const run = (queues.get(name) ?? Promise.resolve()).then(() => callback({ name }));
      const settled = run
        .catch(() => undefined)
        .finally(() => pending.set(name, (pending.get(name) ?? 1) - 1));
      queues.set(name, settled);
      return run;
    },
  };
}

/**
 * The token endpoint as the server keeps it: each refresh token works once and is replaced; a spent one
 * presented again revokes the sign-in (every token of the family then fails). Answers come a little later.
 */
function tokenServer() {
  let live = 'r1';
  let generation = 1;
  let revoked = false;
  const bodies: string[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const { refresh_token } = JSON.parse(init.body as string) as { refresh_token: string };
    bodies.push(refresh_token);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (revoked || refresh_token !== live) {
      revoked = true;
      return new Response(JSON.stringify({ code: 'invalid_refresh_token', error: 'reused' }), {
        status: 401,
      });
    }
    live = `r${++generation}`;
    const body = { auth_result: { auth_token: FRESH, redirect_url: '/', refresh_token: live } };
    return new Response(JSON.stringify(body), { status: 201 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, bodies, revoked: () => revoked };
}

/** Two tabs of one browser: their own Session and token store over the one shared localStorage. */
function twoTabs(locks: LockManagerLike | null) {
  const storage = memoryStorage();
  const server = tokenServer();
  const tab = () =>
    new Session(
      { apiUrl: 'http://id.test', headers: {}, fetch: server.fetch },
      '/v1/apps/a',
      new LocalTokenStore(storage, { read: () => '', write: () => undefined }),
      { locks, lockName: 'open-passage-refresh:a' },
    );
  const tabs = [tab(), tab()] as const;
  storage.setItem('psg_auth_token', EXPIRED);
  storage.setItem('psg_refresh_token', 'r1');
  return { tabs, storage, server };
}

describe('refresh across tabs', () => {
  it('two tabs refreshing at once: one refresh, both get the new token, the sign-in lives on', async () => {
    const locks = fakeLocks();
    const { tabs, storage, server } = twoTabs(locks);
    const tokens = await Promise.all([
      tabs[0].getAuthToken(),
      tabs[1].getAuthToken(),
      tabs[1].getAuthToken(),
    ]);
    expect(tokens).toEqual([FRESH, FRESH, FRESH]);
    expect(server.bodies).toEqual(['r1']);
    expect(server.revoked()).toBe(false);
    expect(storage.getItem('psg_refresh_token')).toBe('r2');
    // The second tab found the lock taken (ifAvailable) and queued for it.
    expect(locks.requested).toEqual(Array(3).fill('open-passage-refresh:a'));
  });

  it('a tab that waited while the other one was refused does not try the dead token again', async () => {
    const { tabs, storage, server } = twoTabs(fakeLocks());
    storage.setItem('psg_refresh_token', 'stolen');
    const results = await Promise.allSettled([tabs[0].getAuthToken(), tabs[1].getAuthToken()]);
    for (const result of results)
      expect(result).toMatchObject({ status: 'rejected', reason: { statusCode: 704 } });
    expect(server.bodies).toEqual(['stolen']);
    expect(storage.getItem('psg_refresh_token')).toBeNull();
  });

  it("a tab that waited uses the other tab's new tokens once they reach its copy of storage, not the spent ones", async () => {
    // Browsers copy localStorage writes to the other tabs a moment later: here 30 ms.
    const server = tokenServer();
    const [first, second] = [memoryStorage(), memoryStorage()];
    const arrived = new Set<() => void>();
    const copied: KeyValueStorage = {
      getItem: (key) => first.getItem(key),
      setItem: (key, value) => {
        first.setItem(key, value);
        setTimeout(() => {
          second.setItem(key, value);
          for (const resolve of arrived) resolve();
        }, 30);
      },
      removeItem: (key) => first.removeItem(key),
    };
    const locks = fakeLocks();
    const noCookies = { read: () => '', write: () => undefined };
    const tab = (storage: KeyValueStorage) =>
      new Session(
        { apiUrl: 'http://id.test', headers: {}, fetch: server.fetch },
        '/v1/apps/a',
        new LocalTokenStore(storage, noCookies),
        {
          locks,
          lockName: 'open-passage-refresh:a',
          tokensFromOtherTab: (ms) =>
            new Promise((resolve) => {
              arrived.add(resolve);
              setTimeout(resolve, ms);
            }),
        },
      );
    for (const storage of [first, second]) {
      storage.setItem('psg_auth_token', EXPIRED);
      storage.setItem('psg_refresh_token', 'r1');
    }
    const tokens = await Promise.all([tab(copied).getAuthToken(), tab(second).getAuthToken()]);
    expect(tokens).toEqual([FRESH, FRESH]);
    expect(server.bodies).toEqual(['r1']);
    expect(server.revoked()).toBe(false);
  });

  it('without Web Locks a tab still shares one refresh between its own callers', async () => {
    const { tabs, server } = twoTabs(null);
    expect(await Promise.all([tabs[0].getAuthToken(), tabs[0].getAuthToken()])).toEqual([FRESH, FRESH]);
    expect(server.bodies).toEqual(['r1']);
  });

  it('a caller that gives up (its signal) stops waiting; the refresh goes on for the others', async () => {
    const { tabs, server } = twoTabs(fakeLocks());
    const controller = new AbortController();
    const gaveUp = tabs[0].getAuthToken({ signal: controller.signal });
    const waited = tabs[0].getAuthToken();
    controller.abort();
    await expect(gaveUp).rejects.toMatchObject({ statusCode: 0, code: 'aborted' });
    expect(await waited).toBe(FRESH);
    expect(server.bodies).toEqual(['r1']);
  });
});
