import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCredential } from './webauthn';

/** A browser with WebAuthn's JSON methods: what `navigator.credentials.get` was asked, and its answer. */
function jsonWebAuthn() {
  const asked: (CredentialRequestOptions & { publicKey: { json: object } })[] = [];
  const pending: { resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  vi.stubGlobal('PublicKeyCredential', {
    parseRequestOptionsFromJSON: (json: object) => ({ json }),
  });
  vi.stubGlobal('navigator', {
    credentials: {
      get: (options: CredentialRequestOptions & { publicKey: { json: object } }) => {
        asked.push(options);
        return new Promise((resolve, reject) => {
          pending.push({ resolve, reject });
          options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
    },
  });
  const answer = (userHandle: string | null) => ({
    toJSON: () => ({ id: 'cred', type: 'public-key', response: { signature: 'sig', userHandle } }),
  });
  return { asked, pending, answer };
}

const options = { challenge: 'abc', allowCredentials: [{ id: 'x', type: 'public-key' }] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a passkey login where the browser reads WebAuthn JSON itself', () => {
  it('asks the browser without the library, and an empty user handle is a string', async () => {
    const browser = jsonWebAuthn();
    const login = getCredential(options);
    await vi.waitFor(() => expect(browser.asked).toHaveLength(1));
    expect(browser.asked[0]!.publicKey.json).toEqual(options);
    expect(browser.asked[0]!.mediation).toBeUndefined();
    browser.pending[0]!.resolve(browser.answer(null));
    await expect(login).resolves.toEqual({
      id: 'cred',
      type: 'public-key',
      response: { signature: 'sig', userHandle: '' },
    });
  });

  it('autofill offers every passkey (no allow list), and a new login cancels it', async () => {
    const browser = jsonWebAuthn();
    const autofill = getCredential(options, { conditional: true });
    await vi.waitFor(() => expect(browser.asked).toHaveLength(1));
    expect(browser.asked[0]).toMatchObject({
      mediation: 'conditional',
      publicKey: { json: { ...options, allowCredentials: [] } },
    });
    const login = getCredential(options);
    await expect(autofill).rejects.toMatchObject({ code: 'PSGParsePublicKeyForLoginFailed' });
    browser.pending[1]!.resolve(browser.answer('user'));
    await expect(login).resolves.toMatchObject({ response: { userHandle: 'user' } });
  });

  it('the caller cancels through its signal', async () => {
    const browser = jsonWebAuthn();
    const controller = new AbortController();
    const autofill = getCredential(options, { conditional: true, signal: controller.signal });
    await vi.waitFor(() => expect(browser.asked).toHaveLength(1));
    controller.abort();
    await expect(autofill).rejects.toMatchObject({ code: 'PSGParsePublicKeyForLoginFailed' });
  });
});
