import { describe, expect, it } from 'vitest';
import { type CookieJar, memoryStorage, readCookie } from './browser-storage';
import { checkWebauthnConfig } from './browser-features';
import { CRED_COOKIE_MAX_AGE_S, CredentialStore } from './credential-store';
import { isAuthTokenValid } from './jwt';

const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (header: object, payload: object) => `${encode(header)}.${encode(payload)}.sig`;

describe('auth token validity', () => {
  const now = Date.now();
  const exp = Math.floor(now / 1000) + 60;
  it('needs RS256, typ JWT and an unexpired exp', () => {
    expect(isAuthTokenValid(token({ alg: 'RS256', typ: 'JWT' }, { exp }), now)).toBe(true);
    expect(isAuthTokenValid(token({ alg: 'RS256', typ: 'JWT' }, { exp: exp - 120 }), now)).toBe(false);
    expect(isAuthTokenValid(token({ alg: 'HS256', typ: 'JWT' }, { exp }), now)).toBe(false);
    expect(isAuthTokenValid(token({ alg: 'RS256' }, { exp }), now)).toBe(false);
    expect(isAuthTokenValid(token({ alg: 'RS256', typ: 'JWT' }, {}), now)).toBe(false);
    expect(isAuthTokenValid('garbage', now)).toBe(false);
    expect(isAuthTokenValid(null, now)).toBe(false);
  });
});

function jar(): CookieJar & { cookies: Map<string, string>; written: string[] } {
  const cookies = new Map<string, string>();
  const written: string[] = [];
  return {
    cookies,
    written,
    read: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    write: (c) => {
      written.push(c);
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!, v!);
    },
  };
}

describe('credential-id store', () => {
  it('keeps {userId: credentialId} in a 400-day SameSite=Strict cookie and in localStorage', () => {
    const storage = memoryStorage();
    const cookies = jar();
    const store = new CredentialStore(storage, cookies);
    store.set('u1', 'cred-1');
    store.set('u2', 'cred-2');
    expect(CRED_COOKIE_MAX_AGE_S).toBe(34_560_000);
    expect(cookies.written[1]).toContain(`Max-Age=${CRED_COOKIE_MAX_AGE_S}`);
    expect(cookies.written[1]).toContain('SameSite=Strict');
    expect(JSON.parse(storage.getItem('psg_cred_obj')!)).toEqual({ u1: 'cred-1', u2: 'cred-2' });
    expect(JSON.parse(readCookie(cookies, 'psg_cred_obj')!)).toEqual({ u1: 'cred-1', u2: 'cred-2' });
    expect(store.has('u1')).toBe(true);
    expect(store.has('u3')).toBe(false);
  });

  it('falls back to localStorage when the cookie is gone', () => {
    const storage = memoryStorage();
    storage.setItem('psg_cred_obj', JSON.stringify({ u1: 'c' }));
    expect(new CredentialStore(storage, jar()).get('u1')).toBe('c');
  });
});

describe('web origin configuration', () => {
  it('uses WebAuthn only on the app origin', () => {
    expect(checkWebauthnConfig({ auth_origin: 'http://localhost:8080/' }, 'http://localhost:8080')).toBe(
      true,
    );
    expect(checkWebauthnConfig({ auth_origin: 'http://127.0.0.1:8080' }, 'http://localhost:8080')).toBe(true);
    expect(checkWebauthnConfig({ auth_origin: 'https://a.example' }, 'https://b.example')).toBe(false);
    expect(checkWebauthnConfig({ auth_origin: 'https://a.example' }, undefined)).toBe(false);
  });
});
