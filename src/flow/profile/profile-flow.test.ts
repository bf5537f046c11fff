import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appInfo } from '../test-support';
import { ClientError, currentUser, device, fakeClient, german, later, ready, setup } from './test-support';

const tooOld = new ClientError(401, 'reauthentication_required', 'sign in again');
const expired = new ClientError(401, 'invalid_access_token', 'expired');

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

  it('says the app id is invalid when the app cannot be loaded', async () => {
    const { flow, changes } = setup({
      client: { appInfo: async () => Promise.reject(new ClientError(404)) },
    });
    await flow.load();
    expect(flow.state.status).toBe('invalid-app');
    expect(changes).toEqual([]);
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
    expect(flow.state).toMatchObject({ status: 'load-failed', alert: 'Failed to load your profile. boom' });
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
    expect(flow.state).toMatchObject({ status: 'loading', alert: null, dialog: { kind: 'none' } });
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
    expect(flow.state.announcement).toBe('successfully changed email');
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
    expect(invalid.flow.state.alert).toBe('link invalid');
    expect(invalid.changes.at(-1)).toEqual({
      type: 'error',
      action: 'confirm-identifier-change',
      message: 'link invalid',
    });
    const failed = setup({
      href,
      client: { magicLinkActivate: async () => Promise.reject(new ClientError(500)) },
    });
    await failed.flow.load();
    expect(failed.flow.state.alert).toBe('verification failed please try again');
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
    expect(flow.state.alert).toBe('Failed to load your profile. down');
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

describe('email and phone', () => {
  it('edits with the current value and focuses the input; Cancel gives focus back', async () => {
    const { flow, focused } = await ready();
    flow.editIdentifier('email');
    expect(flow.state).toMatchObject({
      editing: { kind: 'identifier', identifier: 'email' },
      identifierDraft: 'ann@example.com',
    });
    flow.finishEdit('email');
    expect(flow.state.editing.kind).toBe('none');
    expect(focused).toEqual([
      { to: 'identifier-input', kind: 'email' },
      { to: 'edit-button', edit: 'email' },
    ]);
  });

  it('refuses invalid, unchanged and taken values in the language shown', async () => {
    const { flow, setTranslator } = await ready();
    flow.editIdentifier('email');
    flow.setIdentifierDraft('nope');
    await flow.saveIdentifier('email');
    expect(flow.state.identifierError).toBe('enter a valid email address');
    flow.setIdentifierDraft('ANN@example.com');
    await flow.saveIdentifier('email');
    expect(flow.state.identifierError).toBe('That is already your email address.');
    flow.setIdentifierDraft('taken@example.com');
    await flow.saveIdentifier('email');
    expect(flow.state.identifierError).toBe('This email is already in use.');
    setTranslator(german);
    await flow.saveIdentifier('email');
    expect(flow.state.identifierError).toBe(german.t('email-address-already-in-use'));
  });

  it('asks for the change with the language and the landing page, and says a link was sent', async () => {
    const changeIdentifier = vi.fn(async () => 'ml1');
    const { flow, changes, focused } = await ready({
      verifyLinkPath: '/confirm',
      client: { changeIdentifier },
    });
    flow.editIdentifier('email');
    flow.setIdentifierDraft(' New@Example.com ');
    await flow.saveIdentifier('email');
    expect(changeIdentifier).toHaveBeenCalledWith('email', 'new@example.com', {
      language: 'en',
      magicLinkPath: '/confirm?psg_verify_type=email',
    });
    expect(changes).toEqual([
      { type: 'email-change-requested', newEmail: 'new@example.com', confirmed: false },
    ]);
    expect(flow.state).toMatchObject({ editing: { kind: 'none' }, busy: false });
    expect(flow.state.announcement).toBe(
      "We've sent a confirmation link to new@example.com. Your email changes once you open it.",
    );
    expect(focused.at(-1)).toEqual({ to: 'edit-button', edit: 'email' });
  });

  it('a phone change the server applies at once is announced as done; an email-only app does not look it up', async () => {
    const identifierExists = vi.fn(async () => true);
    const server = fakeClient(appInfo(), { identifierExists });
    server.setUser({ phone: '+12015550100' });
    const context = setup({ clients: [server.client] });
    await context.flow.load();
    expect(context.flow.kinds()).toEqual(['email', 'phone']);
    context.changes.length = 0;
    server.setUser({ phone: '+12015550123' });
    context.flow.editIdentifier('phone');
    context.flow.setIdentifierDraft('(201) 555-0123');
    await context.flow.saveIdentifier('phone');
    expect(identifierExists).not.toHaveBeenCalled();
    expect(context.changes).toEqual([
      { type: 'phone-change-requested', newPhone: '+12015550123', confirmed: true },
    ]);
    expect(context.flow.state.announcement).toBe('Your phone number was updated.');
    expect(context.flow.state.user?.phone).toBe('+12015550123');
  });

  it('a change that needs a recent sign-in offers one and keeps the edit open', async () => {
    const { flow, changes } = await ready({
      client: { changeIdentifier: async () => Promise.reject(tooOld) },
    });
    flow.editIdentifier('email');
    flow.setIdentifierDraft('new@example.com');
    await flow.saveIdentifier('email');
    expect(flow.state).toMatchObject({
      reauthenticate: true,
      status: 'ready',
      editing: { kind: 'identifier' },
    });
    expect(changes).toEqual([{ type: 'reauthentication-required', action: 'change-email' }]);
  });

  it('any other failure shows the action and the server reason', async () => {
    const { flow, changes } = await ready({
      client: {
        changeIdentifier: async () => Promise.reject(new ClientError(400, 'invalid_request', 'bad phone')),
      },
      app: { allowed_identifier: 'both' },
    });
    flow.editIdentifier('phone');
    flow.setIdentifierDraft('+12015550199');
    await flow.saveIdentifier('phone');
    expect(flow.state.alert).toBe('Failed to update phone. bad phone');
    expect(changes).toEqual([
      { type: 'error', action: 'change-phone', message: 'Failed to update phone. bad phone' },
    ]);
  });
});

describe('personal info', () => {
  const app = {
    user_metadata_schema: [
      {
        id: 'a',
        field_name: 'age',
        friendly_name: 'Age',
        type: 'integer' as const,
        registration: false,
        profile: true,
      },
      {
        id: 'v',
        field_name: 'vip',
        friendly_name: 'VIP',
        type: 'boolean' as const,
        registration: false,
        profile: true,
      },
    ],
  };

  it('shows the stored values until Edit, then the draft', async () => {
    const { flow, focused } = await ready({ app });
    expect(flow.metadataValues()).toEqual({ age: '', vip: false });
    flow.editMetadata();
    flow.setMetadataValue('age', '41');
    expect(flow.metadataValues()).toEqual({ age: '41', vip: false });
    expect(focused).toEqual([{ to: 'metadata-input', invalid: false }]);
    flow.finishEdit('metadata');
    expect(flow.metadataValues()).toEqual({ age: '', vip: false });
  });

  it('keeps every field error and focuses the first invalid input', async () => {
    const update = vi.fn();
    const { flow, focused } = await ready({ app, client: { updateUserMetadata: update } });
    flow.editMetadata();
    flow.setMetadataValue('age', '4.5');
    await flow.saveMetadata();
    expect(flow.state.metadataErrors).toEqual({ age: 'no-decimals' });
    expect(focused.at(-1)).toEqual({ to: 'metadata-input', invalid: true });
    expect(update).not.toHaveBeenCalled();
  });

  it('saves, announces and fires the change', async () => {
    const { flow, changes } = await ready({ app });
    flow.editMetadata();
    flow.setMetadataValue('age', '41');
    await flow.saveMetadata();
    expect(flow.state).toMatchObject({
      metadata: { age: 41, vip: false },
      metadataErrors: {},
      announcement: 'Saved.',
    });
    expect(changes).toEqual([{ type: 'metadata-updated', userMetadata: { age: 41, vip: false } }]);
  });

  it('falls back to the values sent when the server does not echo them', async () => {
    const { flow } = await ready({ app, client: { updateUserMetadata: async () => currentUser() } });
    flow.editMetadata();
    flow.setMetadataValue('age', '7');
    await flow.saveMetadata();
    expect(flow.state.metadata).toEqual({ age: 7, vip: false });
  });
});

describe('passkeys', () => {
  it('renames after checking the name', async () => {
    const { flow, changes, focused } = await ready();
    flow.startRename(flow.state.devices[0]!);
    expect(flow.state.renameDraft).toBe('Key d1');
    flow.setRenameDraft('  ');
    await flow.saveRename('d1');
    expect(flow.state.renameError).toBe('Name is required.');
    flow.setRenameDraft(' Laptop ');
    await flow.saveRename('d1');
    expect(flow.state).toMatchObject({
      renameError: null,
      editing: { kind: 'none' },
      announcement: 'Passkey renamed.',
    });
    expect(flow.state.devices[0]!.friendly_name).toBe('Laptop');
    expect(changes.map((c) => c.type)).toEqual(['device-renamed']);
    expect(focused).toEqual([
      { to: 'rename-input', deviceId: 'd1' },
      { to: 'edit-button', edit: 'rename-d1' },
    ]);
  });

  it('deletes after confirmation, says whether it was this browser’s, keeps the page in range', async () => {
    const devices = Array.from({ length: 6 }, (_, i) => device(`d${i}`));
    const context = await ready({ client: { credentials: () => ({ user1: 'cred-d5' }) } });
    context.fake.setDevices(devices);
    await context.flow.load();
    context.changes.length = 0;
    context.flow.setPageSize(5);
    context.flow.setPage(1);
    context.flow.askDelete('d5');
    expect(context.flow.state.dialog).toEqual({ kind: 'confirm-delete', deviceId: 'd5' });
    expect(context.flow.currentDevice()).toBe('d5');
    await context.flow.confirmDelete('d5');
    expect(context.flow.state).toMatchObject({
      page: 0,
      dialog: { kind: 'none' },
      announcement: 'Passkey deleted.',
    });
    expect(context.changes).toEqual([{ type: 'device-deleted', deviceId: 'd5', wasCurrent: true }]);
    expect(context.focused.at(-1)).toEqual({ to: 'passkeys-title' });
  });

  it('a failed delete keeps the passkey and says so', async () => {
    const { flow } = await ready({
      client: { deleteDevice: async () => Promise.reject(new ClientError(500, '', 'nope')) },
    });
    await flow.deleteDevice('d1');
    expect(flow.state.devices).toHaveLength(2);
    expect(flow.state.alert).toBe('Failed to delete this passkey. nope');
  });

  it('adds a passkey and lists it; a ceremony that gives no device is a failure', async () => {
    const { flow, changes } = await ready();
    await flow.addPasskey();
    expect(flow.state.devices.map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
    expect(changes).toEqual([{ type: 'device-added', device: flow.state.devices[2] }]);
    const none = await ready({ client: { addDevice: async () => undefined } });
    await none.flow.addPasskey();
    expect(none.flow.state.alert).toBe('Failed to add this device.');
  });

  it('keeps the first row shown in view when the page size changes', async () => {
    const { flow } = await ready();
    flow.setPageSize(5);
    flow.setPage(3);
    flow.setPageSize(10);
    expect(flow.state).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('a session lost while deleting closes everything and asks to sign in again', async () => {
    const { flow, types } = await ready({ client: { deleteDevice: async () => Promise.reject(expired) } });
    flow.askDelete('d1');
    await flow.confirmDelete('d1');
    expect(flow.state).toMatchObject({ status: 'session-expired', dialog: { kind: 'none' } });
    expect(types()).toEqual(['session-expired']);
  });
});

describe('dialogs and edits', () => {
  it('one at a time: an edit closes the dialog', async () => {
    const { flow } = await ready();
    flow.openLearnMore();
    expect(flow.state.dialog.kind).toBe('learn-more');
    flow.editIdentifier('email');
    expect(flow.state.dialog.kind).toBe('none');
    flow.askDelete('d1');
    flow.closeDialog();
    expect(flow.state.dialog.kind).toBe('none');
  });
});

describe('signing out and in', () => {
  it('signs out, saying whether the server revoked the session', async () => {
    const revoked = await ready();
    await revoked.flow.signOut();
    expect(revoked.flow.state).toMatchObject({
      status: 'signed-out',
      user: null,
      devices: [],
      signedOutNotice: 'signed-out',
    });
    expect(revoked.changes).toEqual([{ type: 'signed-out', revoked: true }]);
    const offline = await ready({ client: { signOut: async () => false } });
    await offline.flow.signOut();
    expect(offline.flow.state.signedOutNotice).toBe('signed-out-server-unreachable');
  });

  it('"Sign in again" fires its reason and goes to sign-in-url when there is one', async () => {
    const withUrl = await ready({ signInUrl: '/login' });
    withUrl.flow.requestSignIn('session-expired');
    expect(withUrl.changes).toEqual([{ type: 'sign-in-requested', reason: 'session-expired' }]);
    expect(withUrl.assigned).toEqual(['/login']);
    const without = await ready();
    without.flow.requestSignIn('signed-out');
    expect(without.assigned).toEqual([]);
  });
});

describe('the phone library', () => {
  it('is not loaded for an email-only app without phone fields', async () => {
    const { loadPhoneReader } = await ready();
    expect(loadPhoneReader).not.toHaveBeenCalled();
  });

  it('is loaded once when the user can type a phone number', async () => {
    const { flow, loadPhoneReader } = await ready({ app: { allowed_identifier: 'both' } });
    await flow.load();
    expect(loadPhoneReader).toHaveBeenCalledTimes(1);
  });

  it('is loaded for a user holding a phone in an email-only app, not for a read-only profile', async () => {
    const held = fakeClient(appInfo(), {});
    held.setUser({ phone: '+12015550123' });
    const holding = setup({ clients: [held.client] });
    await holding.flow.load();
    expect(holding.loadPhoneReader).toHaveBeenCalledTimes(1);
    const readOnly = await ready({ app: { allowed_identifier: 'phone', profile_management: false } });
    expect(readOnly.loadPhoneReader).not.toHaveBeenCalled();
  });

  it('that fails to load is logged, the profile still loads, and the next load asks again', async () => {
    let fail = true;
    const { flow, logged, loadPhoneReader } = setup({
      app: { allowed_identifier: 'phone' },
      loadPhoneReader: async () => {
        if (fail) throw new Error('chunk');
        return (await import('../../phone/libphonenumber-reader')).libphonenumberReader;
      },
    });
    await flow.load();
    expect(flow.state.status).toBe('ready');
    expect(logged).toContain('the phone library failed to load');
    fail = false;
    await flow.load();
    expect(loadPhoneReader).toHaveBeenCalledTimes(3);
  });
});
