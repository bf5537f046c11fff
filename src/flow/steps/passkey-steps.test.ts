import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ann, ClientError, setup, TOKENS } from '../test-support';

/** The passkey steps: when the browser's prompt opens, a prompt the visitor closed, and the way back to
 * them from the no-fallback screen. */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A ceremony the visitor cancelled, as the client raises it: its code, and the browser's error as the cause. */
const closedPrompt = (status: 701 | 702) =>
  Object.assign(
    new ClientError(
      status,
      'The operation either timed out or was not allowed.',
      status === 701 ? 'PSGParsePublicKeyForNewDeviceFailed' : 'PSGParsePublicKeyForLoginFailed',
    ),
    {
      cause: Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    },
  );

describe('the passkey prompt', () => {
  it('does not open on registration where the browser reported no platform authenticator; the button opens it', async () => {
    const t = await setup({ element: 'register', features: { securityKey: true, platform: false } });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({ kind: 'register-passkey', busy: false });
    expect(t.calls.filter((c) => c.startsWith('register('))).toEqual([]);
    // "Create a passkey": a security key or phone, as this device has no authenticator of its own.
    await t.send({ type: 'create-passkey' });
    expect(t.calls).toContain('register(bob@example.com,cross-platform)');
    expect(t.successes).toEqual([TOKENS]);
  });

  it('does not open on login where the browser reported no platform authenticator; the button opens it', async () => {
    const t = await setup({ users: { 'ann@example.com': ann }, features: { syncedCredential: true } });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'passkey-login', busy: false });
    expect(t.view()).not.toHaveProperty('error');
    expect(t.calls.filter((c) => c.startsWith('login('))).toEqual([]);
    await t.send({ type: 'retry' });
    expect(t.calls).toContain('login(ann@example.com)');
    expect(t.successes).toEqual([TOKENS]);
  });

  it('closed on registration: says so under the step, with Try again and the fallback', async () => {
    let close = true;
    const t = await setup({
      element: 'register',
      features: { securityKey: true, platform: true },
      client: (c) => {
        c.register = async () => {
          if (close) throw closedPrompt(701);
          return TOKENS;
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'register-passkey',
      busy: false,
      cancelled: true,
      error: { key: 'passkey-prompt-closed' },
    });
    close = false;
    await t.send({ type: 'retry' });
    expect(t.successes).toEqual([TOKENS]);
  });

  it('closed on login: says so, not the failure message, and Try again opens it again', async () => {
    const t = await setup({
      users: { 'ann@example.com': ann },
      features: { platform: true },
      client: (c) => {
        c.login = async () => {
          throw closedPrompt(702);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'passkey-login',
      cancelled: true,
      error: { key: 'passkey-prompt-closed' },
    });
    await t.send({ type: 'retry' });
    expect(t.calls.filter((c) => c.startsWith('login('))).toHaveLength(2);
    await t.send({ type: 'use-fallback' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code' });
  });

  it('closed when adding a device after a code sign-in: the offer stays, with Try again and Skip', async () => {
    const t = await setup({
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
      features: { platform: true },
      client: (c) => {
        c.addDevice = async () => {
          throw closedPrompt(701);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'submit-code', code: '123456' });
    await t.send({ type: 'add-passkey' });
    expect(t.view()).toMatchObject({
      kind: 'add-device',
      cancelled: true,
      error: { key: 'passkey-prompt-closed' },
    });
    await t.send({ type: 'skip' });
    expect(t.successes).toEqual([TOKENS]);
  });
});

describe('the no-fallback screen', () => {
  const noFallback = { app: { auth_fallback_method: 'none' as const } };

  it('after a failed passkey login: Try again goes back to the passkey login, Change email to the form', async () => {
    let fail = true;
    const t = await setup({
      ...noFallback,
      users: { 'ann@example.com': ann },
      features: { platform: true },
      client: (c) => {
        c.login = async () => {
          if (fail) throw new ClientError(500);
          return TOKENS;
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toEqual({
      kind: 'no-fallback',
      registering: false,
      identifierType: 'email',
      retry: true,
    });
    fail = false;
    await t.send({ type: 'retry' });
    expect(t.calls.filter((c) => c.startsWith('login('))).toHaveLength(2);
    expect(t.successes).toEqual([TOKENS]);

    const u = await setup({ ...noFallback, users: { 'ann@example.com': ann }, features: { platform: true } });
    u.client.login = async () => {
      throw new ClientError(500);
    };
    await u.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await u.send({ type: 'change-identifier' });
    expect(u.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
  });

  it('without a passkey step to go back to: no Try again, Change email only', async () => {
    // Verification is required, and without a fallback nothing can verify the identifier.
    const t = await setup({
      app: { auth_fallback_method: 'none', require_identifier_verification: true },
      users: { 'ann@example.com': { ...ann, email_verified: false } },
      features: { platform: true },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toEqual({
      kind: 'no-fallback',
      registering: false,
      identifierType: 'email',
      retry: false,
    });
    await t.send({ type: 'retry' });
    expect(t.view()).toMatchObject({ kind: 'no-fallback' });
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
  });
});
