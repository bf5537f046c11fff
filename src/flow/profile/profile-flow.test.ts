/** The profile flow's loading: the app, the user, a confirmation link, and stale results. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appInfo } from '../test-support';
import { ClientError, currentUser, expired, fakeClient, later, ready, setup, tooOld } from './test-support';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loading', () => {
  it('shows the user, passkeys and metadata, loads the language with the app default and says so', async () => {
    const app = {
      default_language: 'fr',
      user_metadata_schema: [
        {
          id: 'n',
          field_name: 'nick',
          friendly_name: 'Nick',
          type: 'string' as const,
          registration: false,
          profile: true,
        },
      ],
    };
    const { flow, fake, changes, languages } = setup({ app });
    fake.setUser({ user_metadata: { nick: 'Ann' } });
    const states: string[] = [];
    flow.subscribe((view) => states.push(view.status));
    await flow.load();
    expect(flow.state).toMatchObject({ status: 'ready', busy: false, metadataDraft: { nick: 'Ann' } });
    expect(flow.state.devices.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(states[0]).toBe('loading');
    expect(languages).toEqual(['fr']);
    expect(changes).toEqual([{ type: 'loaded', user: flow.state.user }]);
  });

  it('says what is misconfigured when the app cannot be loaded', async () => {
    const { flow, changes } = setup({
      client: { appInfo: async () => Promise.reject(new ClientError(404, 'app_not_found')) },
    });
    await flow.load();
    expect(flow.state.status).toBe('invalid-app');
    expect(flow.state.appProblem).toEqual({
      reason: 'app-not-found',
      appId: 'app',
      server: 'http://localhost:5173',
    });
    expect(changes).toEqual([]);
    const unreachable = setup({
      client: { appInfo: async () => Promise.reject(new ClientError(0, 'network_error', 'Failed to fetch')) },
    });
    await unreachable.flow.load();
    expect(unreachable.flow.state.appProblem).toEqual({
      reason: 'server-unreachable',
      url: 'http://localhost:5173/v1/apps/app',
    });
  });

  it('shows the signed-out notice without a session, and asks the server nothing about the user', async () => {
    const currentUser = vi.fn();
    const { flow } = setup({ client: { hasSession: () => false, currentUser } });
    await flow.load();
    expect(flow.state).toMatchObject({
      status: 'signed-out',
      signedOutNotice: 'there-is-no-currently-logged-in-user',
    });
    expect(currentUser).not.toHaveBeenCalled();
  });

  it('offers to try again when the user could not be loaded, with the reason', async () => {
    const { flow, changes } = setup({
      client: { devices: async () => Promise.reject(new ClientError(500, '', 'boom')) },
    });
    await flow.load();
    expect(flow.state).toMatchObject({
      status: 'load-failed',
      alert: 'Failed to load your profile. boom',
      failedAt: null, // no section: it shows at the element's end, by Try again
    });
    expect(changes).toEqual([
      { type: 'error', action: 'load', message: 'Failed to load your profile. boom' },
    ]);
  });

  it('asks to sign in again when the session is gone', async () => {
    const { flow, types } = setup({ client: { currentUser: async () => Promise.reject(expired) } });
    await flow.load();
    expect(flow.state.status).toBe('session-expired');
    expect(types()).toEqual(['session-expired']);
  });

  it('a load that needs a recent sign-in fails to load, offering the sign-in', async () => {
    const { flow, types } = setup({ client: { userMetadata: async () => Promise.reject(tooOld) } });
    await flow.load();
    expect(flow.state).toMatchObject({ status: 'load-failed', reauthenticate: true });
    expect(types()).toEqual(['reauthentication-required']);
  });

  it('a reload starts over: edits, dialogs, notices and errors go', async () => {
    const { flow } = await ready({ client: { deleteDevice: async () => Promise.reject(new Error('no')) } });
    await flow.deleteDevice('d1');
    flow.openLearnMore();
    expect(flow.state.alert).not.toBeNull();
    const reload = flow.load();
    expect(flow.state).toMatchObject({
      status: 'loading',
      alert: null,
      failedAt: null,
      dialog: { kind: 'none' },
    });
    await reload;
    expect(flow.state.status).toBe('ready');
  });
});

describe('stale results', () => {
  it('a load that finishes after a newer one began changes nothing', async () => {
    const slowApp = appInfo({ id: 'old', default_language: 'de' });
    const old = fakeClient(slowApp, { appInfo: () => later(500, slowApp) });
    old.setUser({ email: 'old@example.com' });
    const current = fakeClient(appInfo({ id: 'new' }), {
      currentUser: () => later(100, currentUser({ email: 'new@example.com' })),
    });
    const { flow, changes, languages } = setup({ clients: [old.client, current.client] });
    const first = flow.load();
    const second = flow.load();
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([first, second]);
    expect(flow.state.app?.id).toBe('new');
    expect(flow.state.user?.email).toBe('new@example.com');
    expect(languages).toEqual(['en']);
    expect(changes).toEqual([{ type: 'loaded', user: flow.state.user }]);
  });

  it('an older load that fails late does not show its failure', async () => {
    const old = fakeClient(appInfo(), {
      appInfo: () => later(500, () => Promise.reject(new Error('late'))) as never,
    });
    const { flow } = setup({ clients: [old.client] });
    const first = flow.load();
    const second = flow.load();
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([first, second]);
    expect(flow.state.status).toBe('ready');
  });

  it('an older load whose user loads late does not overwrite the newer one', async () => {
    const old = fakeClient(appInfo(), {
      currentUser: () => later(500, currentUser({ email: 'old@example.com' })),
      devices: () => later(500, () => Promise.reject(new Error('late')) as never),
    });
    const { flow, changes } = setup({ clients: [old.client] });
    const first = flow.load();
    await vi.advanceTimersByTimeAsync(10);
    const second = flow.load();
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([first, second]);
    expect(flow.state).toMatchObject({ status: 'ready', alert: null, user: { email: 'ann@example.com' } });
    expect(changes.map((c) => c.type)).toEqual(['loaded']);
  });

  it('an action that finishes after a reload began is dropped, errors included', async () => {
    const { flow, changes } = await ready({
      client: {
        renameDevice: () => later(500, () => Promise.reject(new ClientError(500, '', 'late')) as never),
        deleteDevice: () => later(500, undefined),
      },
    });
    const rename = flow.renameDevice('d1', 'Laptop');
    const remove = flow.deleteDevice('d2');
    const reload = flow.load();
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([rename, remove, reload]);
    expect(flow.state).toMatchObject({ status: 'ready', alert: null, busy: false, announcement: '' });
    expect(flow.state.devices.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(changes.map((c) => c.type)).toEqual(['loaded']);
  });

  it('a sign-out that finishes after a reload began is dropped', async () => {
    const { flow, changes } = await ready({ client: { signOut: () => later(500, true) } });
    const signOut = flow.signOut();
    const reload = flow.load();
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([signOut, reload]);
    expect(flow.state.status).toBe('ready');
    expect(changes.map((c) => c.type)).toEqual(['loaded']);
  });
});

describe('a change confirmation link', () => {
  const href = 'https://app.test/account?psg_verify_link=tok&psg_verify_type=email#top';

  it('is spent once, leaves the address, and is reported once the profile shows', async () => {
    const activate = vi.fn(async () => ({}));
    const { flow, changes, replaced } = setup({ href, client: { magicLinkActivate: activate } });
    await flow.load();
    expect(activate).toHaveBeenCalledWith('tok');
    expect(replaced).toEqual(['/account#top']);
    expect(changes.map((c) => c.type)).toEqual(['loaded', 'identifier-change-confirmed']);
    expect(changes[1]).toEqual({ type: 'identifier-change-confirmed', identifier: 'email' });
    expect(flow.state.announcement).toBe('Your email address has been changed.');
  });

  it('of an unknown kind says the change was confirmed; signed out it only fires the change', async () => {
    const { flow, changes } = setup({
      href: 'https://app.test/?psg_verify_link=tok',
      client: { hasSession: () => false },
    });
    await flow.load();
    expect(changes).toEqual([{ type: 'identifier-change-confirmed', identifier: null }]);
    expect(flow.state.announcement).toBe('');
  });

  it('says an unknown link is invalid, and other failures to try again', async () => {
    const invalid = setup({
      href,
      client: { magicLinkActivate: async () => Promise.reject(new ClientError(404)) },
    });
    await invalid.flow.load();
    // With the email and phone rows, which the link would have changed.
    expect(invalid.flow.state).toMatchObject({
      alert: 'This link is invalid or has expired.',
      failedAt: 'login-info',
    });
    expect(invalid.changes.at(-1)).toEqual({
      type: 'error',
      action: 'confirm-identifier-change',
      message: 'This link is invalid or has expired.',
    });
    const failed = setup({
      href,
      client: { magicLinkActivate: async () => Promise.reject(new ClientError(500)) },
    });
    await failed.flow.load();
    expect(failed.flow.state.alert).toBe('Verification failed. Please try again.');
  });

  it('keeps an earlier error on screen', async () => {
    const { flow } = setup({
      href,
      client: {
        magicLinkActivate: async () => Promise.reject(new ClientError(404)),
        devices: async () => Promise.reject(new Error('down')),
      },
    });
    await flow.load();
    expect(flow.state).toMatchObject({ alert: 'Failed to load your profile. down', failedAt: null });
  });

  it('opened by a load that a newer one overtook is reported by the newer one', async () => {
    const old = fakeClient(appInfo(), { magicLinkActivate: () => later(300, {}) });
    const { flow, changes, replaced } = setup({ href, clients: [old.client, old.client] });
    const first = flow.load();
    await vi.advanceTimersByTimeAsync(10);
    const second = flow.load();
    await vi.advanceTimersByTimeAsync(400);
    await Promise.all([first, second]);
    expect(replaced).toHaveLength(1);
    expect(changes.filter((c) => c.type === 'identifier-change-confirmed')).toHaveLength(1);
  });
});
