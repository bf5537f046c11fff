/** The profile flow's actions: email/phone, personal info, passkeys, dialogs, sign-out, the phone
 * library (loading and stale results: profile-flow.test.ts). */
import { describe, expect, it, vi } from 'vitest';
import { appInfo } from '../test-support';
import {
  ClientError,
  currentUser,
  device,
  expired,
  fakeClient,
  german,
  ready,
  setup,
  tooOld,
} from './test-support';

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
    expect(flow.state.identifierError).toBe('Enter a valid email address.');
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
    expect(flow.state.announcedAt).toBe('login-info');
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
      failedAt: 'login-info',
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
    expect(flow.state).toMatchObject({ alert: 'Failed to update phone. bad phone', failedAt: 'login-info' });
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
      // Shown beside the personal info's Edit button, not at the end of the profile.
      announcedAt: 'metadata',
    });
    expect(changes).toEqual([{ type: 'metadata-updated', userMetadata: { age: 41, vip: false } }]);
  });

  it('a save the server refuses shows its reason in the personal info section, the form still open', async () => {
    const refuse = async () => Promise.reject(new ClientError(400, 'invalid_request', 'age is too large'));
    const { flow } = await ready({ app, client: { updateUserMetadata: refuse } });
    flow.editMetadata();
    flow.setMetadataValue('age', '41');
    await flow.saveMetadata();
    expect(flow.state).toMatchObject({
      alert: 'Failed to update profile. age is too large',
      failedAt: 'metadata',
      editing: { kind: 'metadata' },
    });
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
      announcedAt: 'devices',
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

  it('a failed rename keeps the name and says so in the passkeys section', async () => {
    const { flow } = await ready({
      client: { renameDevice: async () => Promise.reject(new ClientError(500, '', 'nope')) },
    });
    await flow.renameDevice('d1', 'Laptop');
    expect(flow.state.devices[0]!.friendly_name).toBe('Key d1');
    expect(flow.state).toMatchObject({ alert: 'Failed to rename this passkey. nope', failedAt: 'devices' });
  });

  it('a failed delete keeps the passkey and says so', async () => {
    const { flow } = await ready({
      client: { deleteDevice: async () => Promise.reject(new ClientError(500, '', 'nope')) },
    });
    await flow.deleteDevice('d1');
    expect(flow.state.devices).toHaveLength(2);
    expect(flow.state).toMatchObject({ alert: 'Failed to delete this passkey. nope', failedAt: 'devices' });
  });

  it('adds a passkey and lists it; a ceremony that gives no device is a failure', async () => {
    const { flow, changes } = await ready();
    await flow.addPasskey();
    expect(flow.state.devices.map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
    expect(changes).toEqual([{ type: 'device-added', device: flow.state.devices[2] }]);
    expect(flow.state).toMatchObject({ announcement: 'Passkey added.', announcedAt: 'devices' });
    const none = await ready({ client: { addDevice: async () => undefined } });
    await none.flow.addPasskey();
    expect(none.flow.state).toMatchObject({ alert: 'Failed to add a passkey.', failedAt: 'devices' });
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
