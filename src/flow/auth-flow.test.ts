import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '../client/app-info';
import { libphonenumberReader } from '../phone/libphonenumber-reader';
import { AuthFlow } from './auth-flow';
import {
  TOKENS,
  ClientError,
  fakeClient,
  memoryStore,
  setup,
  ann,
  appInfo,
  features,
  publicUser,
  type Setup,
} from './test-support';

/** The flow itself: start, the first form, events, cancelled calls. */
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

  it('says which app it asked for, where, when the app info fails', async () => {
    const failing = (target?: { appId?: string; apiUrl?: string }) =>
      setup({
        target,
        client: (c) => {
          c.appInfo = async () => {
            throw new ClientError(404, 'No app with this id exists.', 'app_not_found');
          };
        },
      });
    expect((await failing({ apiUrl: 'https://id.example/' })).view()).toEqual({
      kind: 'app-unavailable',
      problem: { reason: 'app-not-found', appId: 'app', server: 'https://id.example' },
    });
    // Without an app id there is none to name.
    expect((await failing({ appId: '' })).view()).toEqual({ kind: 'invalid-app-id' });
  });

  it('asks for the app again on Try again when the app info failed, and shows the form once it answers', async () => {
    let down = true;
    const t = await setup({
      client: (c) => {
        const appInfo = c.appInfo;
        c.appInfo = async () => {
          if (down) throw new ClientError(0, 'Failed to fetch', 'network_error');
          return appInfo();
        };
      },
    });
    expect(t.view()).toMatchObject({ kind: 'app-unavailable' });
    down = false;
    await t.send({ type: 'retry' });
    expect(t.calls.filter((c) => c === 'appInfo()')).toHaveLength(2);
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'login' });
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
      target: { appId: 'app', pageOrigin: 'http://localhost' },
      storage,
      page: {
        search: () => '',
        magicLinkPath: () => '/',
        reloadWithoutQuery: () => undefined,
        href: () => 'http://localhost/',
        navigate: () => undefined,
        removeParams: () => undefined,
        shown: async () => undefined,
      },
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

  it('keeps what was typed and the picked country across a toggle', async () => {
    const t = await setup({ app: { allowed_identifier: 'both' } });
    await t.send({ type: 'toggle-mode', identifier: '07700 900123', country: 'gb' });
    expect(t.view()).toMatchObject({
      mode: 'register',
      identifier: '07700 900123',
      defaultCountryCode: 'gb',
    });
    await t.send({ type: 'toggle-mode', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ mode: 'login', identifier: 'ann@example.com' });
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

describe('the first form, before the later steps have loaded', () => {
  /** A page whose form is not on screen until released (the element's first paint). */
  function slowPaint() {
    let release: () => void = () => undefined;
    const painted = new Promise<void>((resolve) => (release = resolve));
    return { release: () => release(), painted };
  }

  async function setupUnpainted(s: Setup = {}) {
    const paint = slowPaint();
    const t = await setup({ ...s, shown: () => paint.painted, dontWaitForStart: true });
    await vi.advanceTimersByTimeAsync(0);
    return { ...t, release: paint.release };
  }

  it('is shown from the app info alone; the client is asked nothing more until it is on screen', async () => {
    const probes: string[] = [];
    const t = await setupUnpainted({
      features: { conditionalUI: true },
      client: (c) => {
        const probe = c.browserFeatures;
        c.browserFeatures = async () => {
          probes.push('browserFeatures');
          return probe();
        };
      },
    });
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'login', conditionalUI: false });
    expect(t.calls).toEqual(['appInfo()']);
    expect(probes).toEqual([]);
    expect(t.events).toEqual([]);
    t.release();
    await t.started;
    expect(probes).toEqual(['browserFeatures']);
    expect(t.events).toEqual(['onLoaded']);
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'login', conditionalUI: true });
  });

  it('answers the login / register toggle at once and keeps the mode once loaded', async () => {
    const t = await setupUnpainted();
    t.flow.dispatch({ type: 'toggle-mode' });
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'register' });
    t.release();
    await t.started;
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'register' });
  });

  it('holds a toggle raised before the form shows until it does', async () => {
    let answer: (app: AppInfo) => void = () => undefined;
    const t = await setup({
      client: (c) => (c.appInfo = () => new Promise<AppInfo>((resolve) => (answer = resolve))),
      dontWaitForStart: true,
    });
    t.flow.dispatch({ type: 'toggle-mode' });
    expect(t.view()).toEqual({ kind: 'loading' });
    answer(appInfo());
    await t.started;
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'register' });
  });

  it('handles a Continue raised meanwhile once loaded, after a switch account', async () => {
    const t = await setupUnpainted({ users: { 'ann@example.com': { ...ann, webauthn_types: [] } } });
    t.storage.setItem('psg_last_login', 'old@example.com');
    t.flow.dispatch({ type: 'switch-account' });
    t.flow.dispatch({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.storage.getItem('psg_last_login')).toBeNull();
    expect(t.calls).not.toContain('identifierExists(ann@example.com)');
    t.release();
    await t.started;
    await vi.advanceTimersByTimeAsync(0);
    expect(t.calls).toContain('identifierExists(ann@example.com)');
    expect(t.view()).toMatchObject({ kind: 'one-time-code' });
  });

  it('drops them when the page activates a link instead', async () => {
    const t = await setupUnpainted({ search: '?psg_magic_link=tok' });
    expect(t.view()).toEqual({ kind: 'loading' });
    t.flow.dispatch({ type: 'submit-identifier', identifier: 'ann@example.com' });
    t.release();
    await t.started;
    expect(t.calls).not.toContain('identifierExists(ann@example.com)');
    expect(t.view()).toMatchObject({ kind: 'magic-link-activation' });
  });

  it('stops where it is when the element is removed meanwhile', async () => {
    const t = await setupUnpainted();
    t.flow.stop();
    t.release();
    await t.started;
    expect(t.events).toEqual([]);
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
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', defaultCountryCode: 'gb' });
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
