import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassageError } from '../../client/passage-error';
import { ann, ClientError, fakeClient, setup, TOKENS } from '../test-support';

/** The identifier form's Continue: login, registration, passkeys. */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('identifier submit: login', () => {
  it('shows the validation message and does not call the server', async () => {
    const t = await setup();
    await t.send({ type: 'submit-identifier', identifier: 'ann@' });
    expect(t.view()).toMatchObject({ error: { key: 'enter-a-valid-email-address' }, busy: false });
    expect(t.calls).toEqual(['appInfo()']);
  });

  it('says an unknown email is not recognized; the form stays, the toggle to register is the way on', async () => {
    const t = await setup();
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      mode: 'login',
      canToggle: true,
      publicSignup: true,
      busy: false,
      error: { key: 'not-recognized', args: [{ key: 'email-capitalized' }] },
    });
  });

  it('says an unknown phone is not recognized', async () => {
    const t = await setup({ app: { allowed_identifier: 'phone' } });
    await t.send({ type: 'submit-identifier', identifier: '201 555 0123' });
    expect(t.calls).toContain('identifierExists(+12015550123)');
    expect(t.view()).toMatchObject({
      error: { key: 'not-recognized', args: [{ key: 'phone-capitalized' }] },
    });
  });

  it('refuses inactive accounts', async () => {
    const t = await setup({ users: { 'ann@example.com': { ...ann, status: 'inactive' } } });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ error: { key: 'account-no-longer-active' } });
  });

  it('shows the "valid" message when the lookup fails', async () => {
    const t = await setup({
      client: (c) => {
        c.identifierExists = async () => {
          throw new ClientError(500);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ error: { key: 'enter-a-valid-email-address' } });
  });

  it('says when to try again after too many lookups, keeping what was typed', async () => {
    const t = await setup({
      client: (c) => {
        c.identifierExists = async () => {
          throw new PassageError(429, 'too_many_requests', 'Slow down.', {}, 555);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      busy: false,
      identifier: 'ann@example.com',
      error: { key: 'too-many-attempts-minutes', args: [{ text: '10' }] },
    });
  });

  it('lets beforeAuth veto', async () => {
    const t = await setup({ users: { 'ann@example.com': ann }, beforeAuth: () => false });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'identifier', busy: false });
    expect(t.calls).not.toContain('identifierExists(ann@example.com)');
  });

  it('shows login-not-supported without passkeys and without fallback', async () => {
    const t = await setup({
      app: { auth_fallback_method: 'none' },
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toEqual({ kind: 'login-not-supported', identifierType: 'email' });
    // Not a dead end: Change email goes back to the form with what was typed.
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
  });
});

describe('passkey login', () => {
  const passkeyUser = { users: { 'ann@example.com': ann }, features: { platform: true } };

  it('starts on entry and signs in', async () => {
    const t = await setup(passkeyUser);
    await t.send({ type: 'submit-identifier', identifier: ' Ann@Example.com ' });
    expect(t.calls).toContain('login(ann@example.com)');
    expect(t.events).toContain('onVerifyIdentity');
    expect(t.successes).toEqual([TOKENS]);
    expect(t.storage.getItem('psg_last_login')).toBe('ann@example.com');
    expect(t.view()).toEqual({ kind: 'success' });
  });

  it('shows the failure with Try again on a ceremony failure (702)', async () => {
    let fail = true;
    const t = await setup({
      ...passkeyUser,
      client: (c) => {
        c.login = async () => {
          if (fail) throw new ClientError(702, 'cancelled', 'PSGParsePublicKeyForLoginFailed');
          return TOKENS;
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'passkey-login',
      busy: false,
      error: { key: 'passkey-login-fail-try-code' },
    });
    fail = false;
    await t.send({ type: 'retry' });
    expect(t.successes).toHaveLength(1);
  });

  it('falls back automatically (not user-initiated) on other errors, then offers a passkey', async () => {
    const t = await setup({
      ...passkeyUser,
      client: (c) => {
        c.login = async () => {
          throw new ClientError(401);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code', registering: false });
    expect(t.events).toContain('onOneTimePasscodeLogin');
    await t.send({ type: 'submit-code', code: '123456' });
    expect(t.view()).toMatchObject({ kind: 'add-device' });
  });

  it('user-initiated fallback skips the add-device offer', async () => {
    const t = await setup({
      ...passkeyUser,
      client: (c) => {
        c.login = async () => {
          throw new ClientError(702, '', 'PSGParsePublicKeyForLoginFailed');
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'use-fallback' });
    await t.send({ type: 'submit-code', code: '123456' });
    expect(t.successes).toEqual([TOKENS]);
  });

  it('change identifier goes home with the identifier', async () => {
    const t = await setup({
      ...passkeyUser,
      client: (c) => {
        c.login = async () => {
          throw new ClientError(702, '', 'PSGParsePublicKeyForLoginFailed');
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
  });
});

describe('identifier submit: register', () => {
  it('refuses an active account; the toggle to sign in is the way on', async () => {
    const t = await setup({ element: 'auth', users: { 'ann@example.com': ann } });
    await t.send({ type: 'toggle-mode' });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      mode: 'register',
      canToggle: true,
      error: { key: 'account-already-exists', args: [{ key: 'email' }] },
    });
  });

  it('refuses an inactive account', async () => {
    const t = await setup({
      element: 'register',
      users: { 'ann@example.com': { ...ann, status: 'inactive' } },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ error: { key: 'account-no-longer-active' } });
  });

  it('shows the server text when public signup is refused (by its code), else "unexpected error"', async () => {
    const refuse =
      (message: string, code = '') =>
      (c: ReturnType<typeof fakeClient>['client']) => {
        c.createUser = async () => {
          throw new ClientError(403, message, code);
        };
      };
    const closed = refuse('Public signup is disabled for this app.', 'public_signup_disabled');
    const t = await setup({ element: 'register', client: closed });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({ error: { text: 'Public signup is disabled for this app.' } });
    const u = await setup({
      element: 'register',
      client: refuse('Public signup, other code', 'operation_not_allowed'),
    });
    await u.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(u.view()).toMatchObject({ error: { key: 'unexpected-error' } });
  });

  it('says to try again later after too many sign-ups, keeping what was typed', async () => {
    const t = await setup({
      element: 'register',
      client: (c) => {
        c.createUser = async () => {
          throw new PassageError(429, 'too_many_requests', 'Slow down.');
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      busy: false,
      identifier: 'bob@example.com',
      error: { key: 'too-many-attempts-later' },
    });
  });

  it('validates metadata first, keeps the values, then sends them normalised', async () => {
    const schema = [
      {
        id: 'f1',
        field_name: 'name',
        friendly_name: 'Name',
        type: 'string' as const,
        registration: true,
        profile: true,
      },
      {
        id: 'f2',
        field_name: 'news',
        friendly_name: 'News',
        type: 'boolean' as const,
        registration: true,
        profile: true,
      },
    ];
    let sent: unknown;
    const t = await setup({
      element: 'register',
      app: { user_metadata_schema: schema },
      client: (c) => {
        const create = c.createUser;
        c.createUser = (id, metadata) => {
          sent = metadata;
          return create(id, metadata);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bad', metadata: { name: 'x'.repeat(64) } });
    expect(t.view()).toMatchObject({
      metadata: [{ value: 'x'.repeat(64), error: { key: '64-letters-max' } }, {}],
    });
    expect((t.view() as { error?: unknown }).error).toBeUndefined();
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com', metadata: { name: 'Bob' } });
    expect(sent).toEqual({ name: 'Bob', news: false });
  });

  it('registers a passkey when possible (CreatedUser) and signs in', async () => {
    const t = await setup({ element: 'register', features: { securityKey: true, platform: true } });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.calls).toContain('createUser(bob@example.com)');
    expect(t.calls).toContain('register(bob@example.com,platform)');
    expect(t.events).toContain('onRegisterDevice');
    expect(t.successes).toEqual([TOKENS]);
  });

  it('shows the create failure by fallback and offers the fallback (user-initiated, registering)', async () => {
    const t = await setup({
      element: 'register',
      app: { auth_fallback_method: 'magic_link' },
      features: { securityKey: true, platform: true },
      client: (c) => {
        c.register = async () => {
          throw new ClientError(701);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({
      kind: 'register-passkey',
      error: { key: 'passkey-create-fail-try-link' },
    });
    await t.send({ type: 'create-passkey', attachment: 'cross-platform' });
    expect(t.calls).toContain('register(bob@example.com,cross-platform)');
    await t.send({ type: 'use-fallback' });
    expect(t.view()).toMatchObject({ kind: 'magic-link-sent', registering: true });
    expect(t.events).toContain('onMagicLinkRegister');
  });

  it('the fallback stays available during the passkey prompt and cancels it', async () => {
    let signal: AbortSignal | undefined;
    const t = await setup({
      element: 'register',
      app: { auth_fallback_method: 'otp' },
      features: { securityKey: true, platform: true },
      client: (c) => {
        // The fake's own signature takes no arguments; the flow calls it as the port does.
        c.register = ((_id: string, _attachment: string, options?: { signal?: AbortSignal }) => {
          signal = options?.signal;
          return new Promise(() => undefined);
        }) as unknown as typeof c.register;
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({ kind: 'register-passkey', busy: true });
    expect(signal?.aborted).toBe(false);
    await t.send({ type: 'use-fallback' });
    expect(signal?.aborted).toBe(true);
    expect(t.view()).toMatchObject({ kind: 'one-time-code', registering: true });
  });

  it('falls back marked as registering when verification is required', async () => {
    const t = await setup({
      element: 'register',
      app: { require_identifier_verification: true },
      features: { securityKey: true },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code', registering: true });
    expect(t.calls).toContain('newRegisterOneTimePasscode(bob@example.com,en)');
  });

  it('shows device-not-supported without passkeys and without fallback', async () => {
    const t = await setup({
      element: 'register',
      app: { auth_fallback_method: 'none' },
      features: { isAvailable: false },
    });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toEqual({ kind: 'device-not-supported', identifierType: 'email' });
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'register', identifier: 'bob@example.com' });
  });
});

describe('verify identity', () => {
  it('is the passkey login when this browser knows no credential of the user', async () => {
    const t = await setup({
      users: { 'ann@example.com': ann },
      features: { syncedCredential: true },
      client: (c) => {
        c.login = () => new Promise(() => undefined);
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'passkey-login', verifyIdentity: true });
    expect(t.events).toContain('onVerifyIdentity');
  });

  it('is the plain passkey sign-in when the credential id is remembered', async () => {
    const t = await setup({
      users: { 'ann@example.com': { ...ann, webauthn_types: ['platform'] } },
      features: { platform: true },
      client: (c) => {
        c.credIdExists = () => true;
        c.login = () => new Promise(() => undefined);
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'passkey-login', verifyIdentity: false });
  });
});

describe('phone metadata on an email-only app', () => {
  const schema = [
    {
      id: 'f1',
      field_name: 'mobile',
      friendly_name: 'Mobile',
      type: 'phone' as const,
      registration: true,
      profile: true,
    },
  ];

  it('loads the phone library for registration and sends the number in international form', async () => {
    const phoneLoads: string[] = [];
    let sent: unknown;
    const t = await setup({
      element: 'register',
      app: { allowed_identifier: 'email', user_metadata_schema: schema },
      phoneLoads,
      client: (c) => {
        const create = c.createUser;
        c.createUser = (id, metadata) => {
          sent = metadata;
          return create(id, metadata);
        };
      },
    });
    expect(phoneLoads).toEqual(['libphonenumber']);
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com', metadata: { mobile: '12' } });
    expect(t.view()).toMatchObject({ metadata: [{ error: { key: 'invalid-phone' } }] });
    await t.send({
      type: 'submit-identifier',
      identifier: 'bob@example.com',
      metadata: { mobile: '(201) 555-0123' },
    });
    expect(sent).toEqual({ mobile: '+12015550123' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code', registering: true });
  });

  it('does not load it for login on an email-only app, only once toggled to register', async () => {
    const phoneLoads: string[] = [];
    const t = await setup({ app: { allowed_identifier: 'email', user_metadata_schema: schema }, phoneLoads });
    expect(phoneLoads).toEqual([]);
    await t.send({ type: 'toggle-mode' });
    expect(phoneLoads).toEqual(['libphonenumber']);
  });
});
