import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '../client/app-info';
import type { AuthResult, PublicUser } from '../client/types';
import { libphonenumberReader } from '../phone/libphonenumber-reader';
import { AuthFlow } from './auth-flow';
import type { BrowserFeatures } from './browser-features';
import type { HostEventArgs, HostEventName } from './host-events';
import type { FlowClient, FlowOptions } from './ports';
import { appInfo, features, publicUser } from './test-support';
import type { ViewEvent } from './view-state';

const TOKENS: AuthResult = { auth_token: 'jwt', redirect_url: '/done', refresh_token: 'r' };

class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message = '',
    readonly code = '',
  ) {
    super(message);
  }
}

/** An in-memory stand-in for the HTTP client: the flow's logic is tested here; the real client is
 * tested against the real server in src/client. */
function fakeClient(app: AppInfo, f: BrowserFeatures, users: Record<string, PublicUser> = {}) {
  const client = {
    appInfo: async () => app,
    browserFeatures: async () => f,
    credIdExists: (): boolean => false,
    identifierExists: async (id: string) => users[id] ?? null,
    createUser: async (id: string, _metadata?: Record<string, unknown>) =>
      publicUser({ email: id, status: 'pending' }),
    register: async () => TOKENS,
    login: async () => TOKENS,
    loginConditional: (signal: AbortSignal) =>
      new Promise<AuthResult>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      ),
    newRegisterMagicLink: async () => ({ id: 'ml1' }),
    newLoginMagicLink: async () => ({ id: 'ml1' }),
    getMagicLinkStatus: async (): Promise<AuthResult> => {
      throw new ClientError(404);
    },
    magicLinkActivate: async () => TOKENS,
    newRegisterOneTimePasscode: async () => ({ otp_id: 'otp1' }),
    newLoginOneTimePasscode: async () => ({ otp_id: 'otp1' }),
    oneTimePasscodeActivate: async (code: string) => {
      if (code !== '123456') throw new ClientError(400);
      return TOKENS;
    },
    addDevice: async () => ({ id: 'dev1' }),
    currentUserInfo: async () => undefined,
  } satisfies FlowClient;
  return { client };
}

/** Records every call as `name(string args)` (overrides included). */
function recorded(base: FlowClient) {
  const calls: string[] = [];
  const client = {} as Record<string, unknown>;
  for (const [name, impl] of Object.entries(base) as [string, (...a: unknown[]) => unknown][]) {
    client[name] = (...a: unknown[]) => {
      if (name !== 'browserFeatures' && name !== 'credIdExists' && name !== 'loginConditional') {
        calls.push(`${name}(${a.filter((x) => typeof x === 'string').join(',')})`);
      }
      return impl(...a);
    };
  }
  return { client: client as unknown as FlowClient, calls };
}

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

interface Setup {
  app?: Partial<AppInfo>;
  features?: Partial<BrowserFeatures>;
  users?: Record<string, PublicUser>;
  element?: FlowOptions['element'];
  search?: string;
  beforeAuth?: (id: string) => boolean;
  client?: (c: ReturnType<typeof fakeClient>['client']) => void;
  /** Read on every use (the element's default-country-code attribute). */
  country?: () => string;
  /** Counts the phone library loads. */
  phoneLoads?: string[];
  /** Return before start() has finished (it is then in `started`). */
  dontWaitForStart?: boolean;
}

async function setup(s: Setup = {}) {
  const { client: base } = fakeClient(appInfo(s.app), features(s.features), s.users);
  s.client?.(base);
  const { client, calls } = recorded(base);
  const storage = memoryStore();
  const events: HostEventName[] = [];
  const details: HostEventArgs[] = [];
  const successes: AuthResult[] = [];
  const reloads: string[] = [];
  const flow = new AuthFlow({
    element: s.element ?? 'auth',
    defaultCountryCode: s.country ?? (() => 'us'),
    language: () => 'en-US',
    loadPhoneReader: async () => {
      s.phoneLoads?.push('libphonenumber');
      return libphonenumberReader;
    },
    client,
    storage,
    page: {
      search: () => s.search ?? '',
      magicLinkPath: () => '/passage',
      reloadWithoutQuery: () => void reloads.push('reload'),
    },
    hooks: {
      ...(s.beforeAuth ? { beforeAuth: s.beforeAuth } : {}),
      onSuccess: (r) => void successes.push(r),
      onEvent: (...event) => {
        events.push(event[0]);
        details.push(event);
      },
    },
    log: () => undefined,
  });
  const started = flow.start();
  if (!s.dontWaitForStart) await started;
  const send = async (event: ViewEvent) => {
    flow.dispatch(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  const view = () => flow.state;
  return { flow, calls, storage, events, details, successes, reloads, send, view, client, started };
}

const ann = publicUser({ email: 'ann@example.com', webauthn_types: ['passkey'] });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start', () => {
  it('loads the app, emits onLoaded and shows the login form', async () => {
    const t = await setup({ app: { passage_branding: true } });
    expect(t.events).toEqual(['onLoaded']);
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      mode: 'login',
      canToggle: true,
      branding: true,
      busy: false,
    });
  });

  it('marks the app id invalid when the app info fails', async () => {
    const t = await setup({
      client: (c) => {
        c.appInfo = async () => {
          throw new ClientError(404);
        };
      },
    });
    expect(t.view()).toEqual({ kind: 'invalid-app-id' });
  });

  it('starts in register mode for <passage-register>, without toggle', async () => {
    const t = await setup({ element: 'register', app: { public_signup: false } });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      mode: 'register',
      canToggle: false,
      registrationNotAllowed: true,
    });
  });

  it('shows the remembered last login, and switch account clears it', async () => {
    const { client } = fakeClient(appInfo(), features());
    const storage = memoryStore();
    storage.setItem('psg_last_login', 'ann@example.com');
    const flow = new AuthFlow({
      element: 'login',
      defaultCountryCode: () => 'us',
      language: () => 'en',
      loadPhoneReader: async () => libphonenumberReader,
      client,
      storage,
      page: { search: () => '', magicLinkPath: () => '/', reloadWithoutQuery: () => undefined },
      hooks: { onSuccess: () => undefined, onEvent: () => undefined },
    });
    await flow.start();
    expect(flow.state).toMatchObject({ lastLogin: 'ann@example.com', identifier: 'ann@example.com' });
    flow.dispatch({ type: 'switch-account' });
    expect(flow.state).toMatchObject({ identifier: '' });
    expect(flow.state).not.toHaveProperty('lastLogin');
    expect(storage.getItem('psg_last_login')).toBeNull();
  });

  it('lists the registration metadata fields with their grid cells', async () => {
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
        field_name: 'hidden',
        friendly_name: 'Hidden',
        type: 'string' as const,
        registration: false,
        profile: true,
      },
    ];
    const t = await setup({
      element: 'register',
      app: {
        user_metadata_schema: schema,
        layouts: { registration: [{ id: 'f1', x: 0, y: 0, w: 6, h: 1 }], profile: [] },
      },
    });
    expect(t.view()).toMatchObject({ metadata: [{ field: { field_name: 'name' }, layout: { w: 6 } }] });
    expect((t.view() as { metadata: unknown[] }).metadata).toHaveLength(1);
  });

  it('toggles between login and register', async () => {
    const t = await setup();
    await t.send({ type: 'toggle-mode' });
    expect(t.view()).toMatchObject({ mode: 'register' });
    await t.send({ type: 'toggle-mode' });
    expect(t.view()).toMatchObject({ mode: 'login' });
  });

  it('runs conditional UI on the login view, aborts it on leaving, and signs in on success', async () => {
    let signal: AbortSignal | undefined;
    const t = await setup({
      features: { conditionalUI: true },
      client: (c) => {
        c.loginConditional = (s) => {
          signal = s;
          return new Promise(() => undefined);
        };
      },
    });
    expect(t.view()).toMatchObject({ conditionalUI: true });
    expect(signal?.aborted).toBe(false);
    await t.send({ type: 'toggle-mode' });
    expect(signal?.aborted).toBe(true);

    const ok = await setup({
      features: { conditionalUI: true },
      client: (c) => {
        c.loginConditional = async () => TOKENS;
        c.currentUserInfo = async () => ({ ...ann, phone: '' }) as never;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(ok.successes).toEqual([TOKENS]);
    expect(ok.storage.getItem('psg_last_login')).toBe('ann@example.com');
  });
});

describe('identifier submit: login', () => {
  it('shows the validation message and does not call the server', async () => {
    const t = await setup();
    await t.send({ type: 'submit-identifier', identifier: 'ann@' });
    expect(t.view()).toMatchObject({ error: { key: 'enter-a-valid-email-address' }, busy: false });
    expect(t.calls).toEqual(['appInfo()']);
  });

  it('says an unknown email is not recognized, with the register hint', async () => {
    const t = await setup();
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.view()).toMatchObject({
      error: { key: 'not-recognized', args: [{ key: 'email-capitalized' }] },
      errorHint: 'toggle-register',
    });
  });

  it('gives no register hint without public signup or toggle', async () => {
    const t = await setup({ app: { public_signup: false } });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect((t.view() as { errorHint?: string }).errorHint).toBeUndefined();
    const login = await setup({ element: 'login' });
    await login.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect((login.view() as { errorHint?: string }).errorHint).toBeUndefined();
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
    expect(t.view()).toEqual({ kind: 'login-not-supported' });
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
  it('refuses an active account with the login hint', async () => {
    const t = await setup({ element: 'auth', users: { 'ann@example.com': ann } });
    await t.send({ type: 'toggle-mode' });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({
      error: { key: 'account-already-exists', args: [{ key: 'email' }] },
      errorHint: 'toggle-login',
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
    expect(t.view()).toEqual({ kind: 'device-not-supported' });
  });
});

describe('one-time code', () => {
  const otpUser = { users: { 'ann@example.com': { ...ann, webauthn_types: [] } } };

  it('requests a code with the primary language, stores the id and signs in', async () => {
    const t = await setup(otpUser);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.calls).toContain('newLoginOneTimePasscode(ann@example.com,en)');
    expect(t.storage.getItem('otp_id')).toBe('otp1');
    expect(t.view()).toMatchObject({ kind: 'one-time-code', sending: false });
    await t.send({ type: 'submit-code', code: '123456' });
    expect(t.storage.getItem('otp_id')).toBeNull();
    expect(t.events).toContain('onOneTimePasscodeActivated');
    expect(t.successes).toEqual([TOKENS]);
  });

  it('marks a wrong or short code invalid without sending short ones', async () => {
    const t = await setup(otpUser);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'submit-code', code: '123' });
    expect(t.view()).toMatchObject({ error: { key: 'code-invalid-or-expired' }, codeInvalid: true });
    expect(t.calls.filter((c) => c.startsWith('oneTimePasscodeActivate'))).toHaveLength(0);
    await t.send({ type: 'submit-code', code: '000000' });
    expect(t.view()).toMatchObject({
      error: { key: 'code-invalid-or-expired' },
      codeInvalid: true,
      verifying: false,
    });
  });

  it('shows the send error', async () => {
    const t = await setup({
      ...otpUser,
      client: (c) => {
        c.newLoginOneTimePasscode = async () => {
          throw new ClientError(429);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ error: { key: 'code-send-error' }, sending: false });
  });

  it('resend asks for a new code and clears the boxes; back goes home', async () => {
    const t = await setup(otpUser);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'resend' });
    expect(t.calls.filter((c) => c.startsWith('newLoginOneTimePasscode'))).toHaveLength(2);
    expect(t.view()).toMatchObject({ attempt: 1 });
    await t.send({ type: 'back' });
    expect(t.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
  });
});

describe('magic link waiting', () => {
  const linkApp = {
    app: { auth_fallback_method: 'magic_link' as const },
    users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
  };

  it('sends at once on login, locks resend for 3 s, polls every 5 s and signs in', async () => {
    let activated = false;
    const t = await setup({
      ...linkApp,
      client: (c) => {
        c.getMagicLinkStatus = async () => {
          if (!activated) throw new ClientError(404);
          return TOKENS;
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.calls).toContain('newLoginMagicLink(ann@example.com,en,/passage)');
    expect(t.events).toContain('onMagicLinkLogin');
    expect(t.storage.getItem('magic_link_id')).toBe('ml1');
    expect(t.view()).toMatchObject({ kind: 'magic-link-sent', resendDisabled: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.view()).toMatchObject({ resendDisabled: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.calls.filter((c) => c.startsWith('getMagicLinkStatus'))).toHaveLength(1);
    expect(t.storage.getItem('wait_count')).toBe('1');
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.storage.getItem('wait_count')).toBe('2');
    activated = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.events).toContain('onMagicLinkActivated');
    expect(t.storage.getItem('magic_link_id')).toBeNull();
    expect(t.storage.getItem('wait_count')).toBeNull();
    expect(t.successes).toEqual([TOKENS]);
  });

  it('stops after 720 polls', async () => {
    const t = await setup(linkApp);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await vi.advanceTimersByTimeAsync(5000 * 730);
    expect(t.calls.filter((c) => c.startsWith('getMagicLinkStatus'))).toHaveLength(720);
    expect(t.storage.getItem('wait_count')).toBe('720');
  });

  it('waits 2 s before sending a registration link', async () => {
    const t = await setup({ ...linkApp, element: 'register' });
    await t.send({ type: 'submit-identifier', identifier: 'bob@example.com' });
    expect(t.calls.some((c) => c.startsWith('newRegisterMagicLink'))).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.calls).toContain('newRegisterMagicLink(bob@example.com,en,/passage)');
    expect(t.view()).toMatchObject({ resendDisabled: false });
  });

  it('change identifier clears the stored state and stops polling', async () => {
    const t = await setup(linkApp);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    t.storage.setItem('email', 'ann@example.com');
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
    for (const key of ['email', 'magic_link_id', 'wait_count']) expect(t.storage.getItem(key)).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.calls.filter((c) => c.startsWith('getMagicLinkStatus'))).toHaveLength(0);
  });

  it('resend is ignored while locked and sends a new link after', async () => {
    const t = await setup(linkApp);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'resend' });
    expect(t.calls.filter((c) => c.startsWith('newLoginMagicLink'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    await t.send({ type: 'resend' });
    expect(t.calls.filter((c) => c.startsWith('newLoginMagicLink'))).toHaveLength(2);
  });
});

describe('magic link activation', () => {
  it('activates a login link, holds the success 2 s, then FallbackAuthSuccess', async () => {
    const t = await setup({ search: '?psg_magic_link=tok' });
    expect(t.calls).toContain('magicLinkActivate(tok)');
    expect(t.view()).toEqual({ kind: 'magic-link-activation', link: 'login', status: 'success' });
    expect(t.events).toContain('onMagicLinkActivateSuccess');
    expect(t.successes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.successes).toEqual([TOKENS]);
  });

  it('offers a passkey after a login link on a platform browser', async () => {
    const t = await setup({ search: '?psg_magic_link=tok', features: { platform: true } });
    await t.send({ type: 'redirect-now' });
    expect(t.view()).toMatchObject({ kind: 'add-device' });
    await t.send({ type: 'skip' });
    expect(t.successes).toEqual([TOKENS]);
  });

  it('a verify link emits AuthSuccess, at once when platform passkeys are allowed', async () => {
    const t = await setup({ search: '?psg_verify_link=tok', features: { platform: true } });
    expect(t.successes).toEqual([TOKENS]);
  });

  it('a not-found link is invalid; Request new link reloads without the query', async () => {
    const t = await setup({
      search: '?psg_magic_link=bad',
      client: (c) => {
        c.magicLinkActivate = async () => {
          throw new ClientError(404);
        };
      },
    });
    expect(t.view()).toMatchObject({ status: 'invalid' });
    await t.send({ type: 'request-new-link' });
    expect(t.reloads).toEqual(['reload']);
  });

  it('other errors show the failure with Try again', async () => {
    let fail = true;
    const t = await setup({
      search: '?psg_magic_link=tok',
      client: (c) => {
        c.magicLinkActivate = async () => {
          if (fail) throw new ClientError(500);
          return TOKENS;
        };
      },
    });
    expect(t.view()).toMatchObject({ status: 'failure' });
    fail = false;
    await t.send({ type: 'retry' });
    expect(t.view()).toMatchObject({ status: 'success' });
  });
});

describe('add device', () => {
  const afterLink = { search: '?psg_magic_link=tok', features: { platform: true } };

  it('adds a passkey then signs in', async () => {
    const t = await setup(afterLink);
    await t.send({ type: 'redirect-now' });
    await t.send({ type: 'add-passkey' });
    expect(t.calls).toContain('addDevice(platform)');
    expect(t.successes).toEqual([TOKENS]);
  });

  it('shows the failure and Try again', async () => {
    const t = await setup({
      ...afterLink,
      client: (c) => {
        c.addDevice = async () => ({ id: '' });
      },
    });
    await t.send({ type: 'redirect-now' });
    await t.send({ type: 'add-passkey' });
    expect(t.view()).toMatchObject({
      kind: 'add-device',
      busy: false,
      error: { key: 'failed-to-add-this-device' },
    });
  });
});

describe('AuthSuccess', () => {
  it('does nothing without a redirect_url', async () => {
    const t = await setup({
      users: { 'ann@example.com': ann },
      features: { platform: true },
      client: (c) => {
        c.login = async () => ({ auth_token: 'jwt', redirect_url: '' });
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.successes).toHaveLength(0);
    expect(t.storage.getItem('psg_last_login')).toBeNull();
  });
});

describe('events raised while the flow starts', () => {
  /** A client whose browser-feature probe waits until released. */
  function slowStart() {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return {
      release: () => release(),
      client: (c: ReturnType<typeof fakeClient>['client']) => {
        const probe = c.browserFeatures;
        c.browserFeatures = async () => {
          await gate;
          return probe();
        };
      },
    };
  }

  it('handles a toggle raised during start once the form is up', async () => {
    const slow = slowStart();
    const t = await setup({ client: slow.client, dontWaitForStart: true });
    t.flow.dispatch({ type: 'toggle-mode' });
    expect(t.view()).toEqual({ kind: 'loading' });
    slow.release();
    await t.started;
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'register' });
  });

  it('handles a Continue and a switch account raised during start, in order', async () => {
    const slow = slowStart();
    const t = await setup({
      client: slow.client,
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
      dontWaitForStart: true,
    });
    t.storage.setItem('psg_last_login', 'old@example.com');
    t.flow.dispatch({ type: 'switch-account' });
    t.flow.dispatch({ type: 'submit-identifier', identifier: 'ann@example.com' });
    slow.release();
    await t.started;
    await vi.advanceTimersByTimeAsync(0);
    expect(t.storage.getItem('psg_last_login')).toBeNull();
    expect(t.calls).toContain('identifierExists(ann@example.com)');
    expect(t.view()).toMatchObject({ kind: 'one-time-code' });
  });

  it('drops them when the page activates a link instead', async () => {
    const slow = slowStart();
    const t = await setup({ client: slow.client, search: '?psg_magic_link=tok', dontWaitForStart: true });
    t.flow.dispatch({ type: 'submit-identifier', identifier: 'ann@example.com' });
    slow.release();
    await t.started;
    expect(t.calls).not.toContain('identifierExists(ann@example.com)');
    expect(t.view()).toMatchObject({ kind: 'magic-link-activation' });
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

describe('default country code', () => {
  it('is read when the form is built and when a number without country is checked', async () => {
    let country = 'us';
    const t = await setup({
      app: { allowed_identifier: 'phone' },
      users: { '+442079460958': publicUser({ phone: '+442079460958', webauthn_types: [] }) },
      country: () => country,
    });
    expect(t.view()).toMatchObject({ defaultCountryCode: 'us' });
    country = 'gb';
    await t.send({ type: 'submit-identifier', identifier: '020 7946 0958' });
    expect(t.calls).toContain('identifierExists(+442079460958)');
    await t.send({ type: 'back' });
    expect(t.view()).toMatchObject({ kind: 'identifier', defaultCountryCode: 'gb' });
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

describe('one-time code entered before it was sent', () => {
  it('waits for the otp_id instead of calling the code invalid', async () => {
    let send: (v: { otp_id: string }) => void = () => undefined;
    const t = await setup({
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
      client: (c) => {
        c.newLoginOneTimePasscode = () => new Promise((resolve) => (send = resolve));
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code', sending: true });
    await t.send({ type: 'submit-code', code: '123456' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code', codeInvalid: false });
    expect(t.view()).not.toHaveProperty('error.key');
    send({ otp_id: 'otp1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.calls).toContain('oneTimePasscodeActivate(123456,otp1)');
    expect(t.successes).toEqual([TOKENS]);
  });

  it('still refuses a short code at once', async () => {
    const t = await setup({
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
      client: (c) => {
        c.newLoginOneTimePasscode = () => new Promise(() => undefined);
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'submit-code', code: '123' });
    expect(t.view()).toMatchObject({ codeInvalid: true, error: { key: 'code-invalid-or-expired' } });
  });
});

describe('magic link resend', () => {
  it('counts the links Resend sent, so the view can announce each', async () => {
    const t = await setup({
      app: { auth_fallback_method: 'magic_link' },
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).not.toHaveProperty('resent');
    await vi.advanceTimersByTimeAsync(3000);
    await t.send({ type: 'resend' });
    expect(t.view()).toMatchObject({ resent: 1 });
    await vi.advanceTimersByTimeAsync(3000);
    await t.send({ type: 'resend' });
    expect(t.view()).toMatchObject({ resent: 2 });
  });
});

describe('host events', () => {
  it('carry the detail of their name: the app, the identifier, the tokens', async () => {
    const t = await setup({ users: { 'ann@example.com': { ...ann, webauthn_types: [] } } });
    await t.send({ type: 'submit-identifier', identifier: 'Ann@Example.com ' });
    await t.send({ type: 'submit-code', code: '123456' });
    expect(t.details).toEqual([
      ['onLoaded', { app: appInfo() }],
      ['onOneTimePasscodeLogin', { identifier: 'ann@example.com' }],
      ['onOneTimePasscodeActivated', TOKENS],
      ['onOneTimePasscodeActivateSuccess', TOKENS],
    ]);
    const [name, detail] = t.details[0]!;
    // The union narrows by name (a compile-time check as much as a run-time one).
    if (name === 'onLoaded') expect(detail.app.id).toBe('app');
  });
});

describe('server calls that take too long or are no longer needed', () => {
  const timeout = () => new ClientError(0, 'The server did not answer within 15 s.', 'timeout');

  it('a lookup the server did not answer in time says so, and Continue tries again', async () => {
    let answered = false;
    const t = await setup({
      users: { 'ann@example.com': ann },
      client: (c) => {
        const lookUp = c.identifierExists;
        c.identifierExists = async (id: string) => {
          if (answered) return lookUp(id);
          answered = true;
          throw timeout();
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'identifier', busy: false, error: { key: 'request-timed-out' } });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code' });
  });

  it('a sign-up the server did not answer in time says so too', async () => {
    const t = await setup({
      element: 'register',
      client: (c) => {
        c.createUser = async () => {
          throw timeout();
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'new@example.com' });
    expect(t.view()).toMatchObject({ kind: 'identifier', busy: false, error: { key: 'request-timed-out' } });
  });

  it('leaving a view cancels the calls it is waiting for', async () => {
    const signals: AbortSignal[] = [];
    const t = await setup({
      users: { 'ann@example.com': ann },
      client: (c) => {
        c.newLoginOneTimePasscode = (
          _id?: string,
          _language?: string,
          options?: { signal?: AbortSignal },
        ) => {
          signals.push(options!.signal!);
          return new Promise(() => undefined);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'one-time-code', sending: true });
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier' });
    expect(signals[0]!.aborted).toBe(true);
  });

  it('removing the element cancels the calls in flight', async () => {
    const signals: AbortSignal[] = [];
    const t = await setup({
      client: (c) => {
        c.identifierExists = (_id: string, options?: { signal?: AbortSignal }) => {
          signals.push(options!.signal!);
          return new Promise(() => undefined);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(signals[0]!.aborted).toBe(false);
    t.flow.stop();
    expect(signals[0]!.aborted).toBe(true);
  });
});
