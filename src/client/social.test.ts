import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './browser-storage';
import { PassageClient } from './passage-client';
import { authorizeUrl, beginSocial, codeChallenge } from './social';
import { readSocialPending } from './social-storage';

/** Social sign-in's client side: PKCE as passage-js does it, the calls' URLs (the server's side and
 * the whole round trip: e2e/social). */
describe('social sign-in PKCE', () => {
  it('challenges with base64url(SHA-256(verifier)), no padding', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K9uhvSlFZeZK7iIYaAPjI8Y9LI';
    expect(await codeChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it("stores the connection, a state of digits and a fresh verifier under passage-js's names", async () => {
    const storage = memoryStorage();
    const start = await beginSocial(storage, 'github', 'https://app.test/sign-in');
    expect(readSocialPending(storage)).toEqual({
      connection: 'github',
      state: start.state,
      verifier: storage.getItem('oauth2Verifier'),
    });
    expect(start.state).toMatch(/^\d{24}$/);
    expect(storage.getItem('oauth2Verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(start).toMatchObject({ connection_type: 'github', code_challenge_method: 'S256' });
    expect(start.code_challenge).toBe(await codeChallenge(storage.getItem('oauth2Verifier')!));
    const again = await beginSocial(storage, 'github', 'https://app.test/sign-in');
    expect(again.state).not.toBe(start.state);
  });

  it('refuses to start without a place for the verifier', async () => {
    await expect(beginSocial(undefined, 'google', 'https://app.test/')).rejects.toMatchObject({
      code: 'social_unavailable',
    });
  });

  it('builds the authorize URL with every parameter encoded', () => {
    const url = new URL(
      authorizeUrl('https://id.test/v1/apps/a1', {
        connection_type: 'google',
        redirect_uri: 'https://app.test/in?x=1&y=2',
        code_challenge: 'abc',
        code_challenge_method: 'S256',
        state: '123',
      }),
    );
    expect(url.pathname).toBe('/v1/apps/a1/social/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      connection_type: 'google',
      redirect_uri: 'https://app.test/in?x=1&y=2',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      state: '123',
    });
  });
});

describe('PassageClient', () => {
  it('finishes with the code and the stored verifier, stores the tokens and forgets the state', async () => {
    const sessionStorage = memoryStorage();
    const requests: string[] = [];
    const fetch = (async (url: string) => {
      requests.push(url);
      return new Response(
        JSON.stringify({ auth_result: { auth_token: 't', redirect_url: '/', refresh_token: 'r' } }),
        {
          status: 201,
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as typeof globalThis.fetch;
    const client = new PassageClient('a1', {
      apiUrl: 'https://id.test/',
      fetch,
      sessionStorage,
      storage: memoryStorage(),
      cookies: { read: () => '', write: () => undefined },
      locks: null,
    });
    const url = new URL(await client.socialSignInUrl('apple', 'https://app.test/'));
    expect(url.origin + url.pathname).toBe('https://id.test/v1/apps/a1/social/authorize');
    const verifier = sessionStorage.getItem('oauth2Verifier')!;
    const result = await client.finishSocialAuthentication('c0de');
    expect(result.auth_token).toBe('t');
    expect(client.tokenStore.getAuthToken()).toBe('t');
    expect(requests).toEqual([`https://id.test/v1/apps/a1/social/token?code=c0de&verifier=${verifier}`]);
    expect(client.socialPending()).toBeUndefined();
    await expect(client.finishSocialAuthentication('c0de')).rejects.toMatchObject({ code: 'invalid_state' });
  });
});
