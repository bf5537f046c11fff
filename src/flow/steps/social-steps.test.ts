import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientError, setup, TOKENS } from '../test-support';

/** Social sign-in through the flow: the buttons, leaving for the provider, and the callback. */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const offered = {
  social_connections: {
    github: { client_id: 'gh', name: 'GitHub' },
    google: { client_id: 'go', name: 'Google' },
  },
};
const pending = { connection: 'github', state: '42', verifier: 'ver' };

describe('the form', () => {
  it("shows a button per offered provider, in the app info's order", async () => {
    const t = await setup({ app: offered });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      social: [
        { type: 'github', name: 'GitHub' },
        { type: 'google', name: 'Google' },
      ],
    });
    expect(t.view()).not.toHaveProperty('socialError');
  });

  it('shows none when the app offers none', async () => {
    const t = await setup();
    expect(t.view()).not.toHaveProperty('social');
  });

  it('leaves for the authorize URL with this page as redirect_uri, buttons disabled meanwhile', async () => {
    const t = await setup({ app: offered });
    await t.send({ type: 'social', connection: 'google' });
    expect(t.calls).toContain('socialSignInUrl(google,http://localhost:5173/passage)');
    expect(t.navigations).toEqual([
      'https://id.example/social/authorize?connection_type=google&redirect_uri=http://localhost:5173/passage',
    ]);
    expect(t.view()).toMatchObject({ kind: 'identifier', socialBusy: 'google' });
    // A second press while the page leaves does nothing.
    await t.send({ type: 'social', connection: 'github' });
    expect(t.navigations).toHaveLength(1);
  });

  it('makes the buttons usable again when the page comes back from the back-forward cache', async () => {
    const t = await setup({ app: offered });
    await t.send({ type: 'social', connection: 'github' });
    expect(t.view()).toMatchObject({ socialBusy: 'github' });
    t.comeBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.view()).not.toHaveProperty('socialBusy', 'github');
  });

  it('says so when the sign-in could not be started (no secure context)', async () => {
    const t = await setup({
      app: offered,
      client: (c) => {
        c.socialSignInUrl = async () => {
          throw new ClientError(0, 'Social sign-in needs a secure page', 'social_unavailable');
        };
      },
    });
    await t.send({ type: 'social', connection: 'github' });
    expect(t.navigations).toEqual([]);
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      socialError: { key: 'social-failed', args: [{ text: 'GitHub' }] },
    });
    expect(t.view()).not.toHaveProperty('socialBusy', 'github');
  });
});

describe('the callback', () => {
  it('exchanges a code with the stored state, removes the parameters and signs in', async () => {
    const t = await setup({
      app: offered,
      search: '?code=c0de&state=42&keep=1',
      client: (c) => {
        c.socialPending = async () => pending;
      },
    });
    expect(t.calls).toContain('finishSocialAuthentication(c0de)');
    expect(t.page.search()).toBe('?keep=1');
    expect(t.successes).toEqual([TOKENS]);
    expect(t.view().kind).toBe('success');
  });

  it('refuses a tampered state without asking the server, and says how to go on', async () => {
    const t = await setup({
      app: offered,
      search: '?code=c0de&state=43',
      client: (c) => {
        c.socialPending = async () => pending;
      },
    });
    expect(t.calls.filter((c) => c.startsWith('finishSocial'))).toEqual([]);
    expect(t.calls).toContain('forgetSocial()');
    expect(t.page.search()).toBe('');
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      socialError: { key: 'social-invalid-state' },
      social: [{ type: 'github' }, { type: 'google' }],
    });
  });

  it("shows the provider's refusal on the form until the visitor acts", async () => {
    const t = await setup({
      app: offered,
      search: '?error=access_denied&error_description=The+user+declined&state=42',
      client: (c) => {
        c.socialPending = async () => pending;
      },
    });
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      socialError: { key: 'social-access-denied', args: [{ text: 'GitHub' }] },
    });
    await t.send({ type: 'toggle-mode' });
    expect(t.view()).toMatchObject({ kind: 'identifier', mode: 'register' });
    expect(t.view()).not.toHaveProperty('socialError');
  });

  it('says the sign-in failed when the code is refused (used twice)', async () => {
    const t = await setup({
      app: offered,
      search: '?code=used&state=42',
      client: (c) => {
        c.socialPending = async () => pending;
        c.finishSocialAuthentication = async () => {
          throw new ClientError(400, 'This code is invalid or expired.', 'invalid_code');
        };
      },
    });
    expect(t.successes).toEqual([]);
    expect(t.view()).toMatchObject({
      kind: 'identifier',
      socialError: { key: 'social-failed', args: [{ text: 'GitHub' }] },
    });
  });

  it('leaves a page whose query only looks alike (no state) to the form', async () => {
    const t = await setup({ app: offered, search: '?code=promo' });
    expect(t.page.search()).toBe('?code=promo');
    expect(t.view()).toMatchObject({ kind: 'identifier' });
    expect(t.view()).not.toHaveProperty('socialError');
  });
});
