import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassageError } from '../../client/passage-error';
import { ann, ClientError, device, setup, TOKENS } from '../test-support';

/** The fallback and after: one-time codes, magic links, add device, AuthSuccess. */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one-time code', () => {
  const otpUser = { users: { 'ann@example.com': { ...ann, webauthn_types: [] } } };

  it('requests a code with the primary language, stores the id and signs in', async () => {
    const t = await setup(otpUser);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.calls).toContain('newLoginOneTimePasscode(ann@example.com,en)');
    expect(t.storage.getItem('otp_id')).toBe('otp1');
    expect(t.view()).toMatchObject({ kind: 'one-time-code', sending: false, sent: true });
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
          throw new ClientError(500);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ error: { key: 'code-send-error' }, sending: false, sent: false });
    // A code typed after the failed send replaces the error, but no code was sent: the view must not
    // say one was.
    await t.send({ type: 'submit-code', code: '000000' });
    expect(t.view()).toMatchObject({ error: { key: 'code-invalid-or-expired' }, sent: false });
  });

  it('says when to try again after too many codes, and a resend that works clears it', async () => {
    let refusal: PassageError | undefined = new PassageError(429, 'too_many_requests', 'Slow down.', {}, 555);
    const t = await setup({
      ...otpUser,
      client: (c) => {
        const send = c.newLoginOneTimePasscode;
        c.newLoginOneTimePasscode = async (...args) => {
          if (refusal) throw refusal;
          return send.apply(c, args);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({
      error: { key: 'too-many-attempts-minutes', args: [{ text: '10' }] },
      sending: false,
      sent: false,
    });
    refusal = new PassageError(429, 'too_many_requests', 'Slow down.');
    await t.send({ type: 'resend' });
    expect(t.view()).toMatchObject({ error: { key: 'too-many-attempts-later' }, sent: false });
    refusal = undefined;
    await t.send({ type: 'resend' });
    expect(t.view()).toMatchObject({ sent: true });
    expect(t.view()).not.toHaveProperty('error', expect.anything());
  });

  it('resend asks for a new code and clears the boxes; Change goes home with the identifier', async () => {
    const t = await setup(otpUser);
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    await t.send({ type: 'resend' });
    expect(t.calls.filter((c) => c.startsWith('newLoginOneTimePasscode'))).toHaveLength(2);
    expect(t.view()).toMatchObject({ attempt: 1 });
    await t.send({ type: 'change-identifier' });
    expect(t.view()).toMatchObject({ kind: 'identifier', identifier: 'ann@example.com' });
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

describe('magic link refused for too many links', () => {
  it('says when to try again instead of waiting; a resend that works clears it', async () => {
    let refusal: PassageError | undefined = new PassageError(429, 'too_many_requests', 'Slow down.', {}, 30);
    const t = await setup({
      app: { auth_fallback_method: 'magic_link' },
      users: { 'ann@example.com': { ...ann, webauthn_types: [] } },
      client: (c) => {
        const send = c.newLoginMagicLink;
        c.newLoginMagicLink = async (...args) => {
          if (refusal) throw refusal;
          return send.apply(c, args);
        };
      },
    });
    await t.send({ type: 'submit-identifier', identifier: 'ann@example.com' });
    expect(t.view()).toMatchObject({ kind: 'magic-link-sent', error: { key: 'too-many-attempts-minute' } });
    expect(t.storage.getItem('magic_link_id')).toBeNull();
    refusal = undefined;
    await vi.advanceTimersByTimeAsync(3000);
    await t.send({ type: 'resend' });
    expect(t.view()).toMatchObject({ resent: 1 });
    expect(t.view()).not.toHaveProperty('error', expect.anything());
    expect(t.storage.getItem('magic_link_id')).toBe('ml1');
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
        c.addDevice = async () => device('');
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
