/** The profile's sign-in accounts: the list, Connect, Remove, and the page coming back from Connect. */
import { describe, expect, it, vi } from 'vitest';
import { ClientError, ready, setup, tooOld } from './test-support';
import { socialRows } from './social-connections';
import { appInfo } from '../test-support';

const offered = {
  social_connections: {
    google: { client_id: 'g', name: 'Google' },
    github: { client_id: 'h', name: 'GitHub' },
  },
};
const linked = {
  github: {
    provider_id: '42',
    provider_identifier: 'ann-example',
    created_at: '2026-04-02T10:00:00Z',
    last_login_at: '2026-11-19T18:20:00Z',
  },
};
const pending = { connection: 'google', state: '77', verifier: 'ver' };

describe('socialRows', () => {
  it('lists the offered providers in order, with their link, then a linked one no longer offered', () => {
    const rows = socialRows(appInfo(offered), { ...linked, apple: linked.github });
    expect(rows.map((row) => [row.type, row.name, !!row.connection])).toEqual([
      ['google', 'Google', false],
      ['github', 'GitHub', true],
      ['apple', 'apple', true],
    ]);
    expect(socialRows(appInfo(), {})).toEqual([]);
  });
});

describe('the section', () => {
  it("loads the user's connections when the app offers providers, and asks nothing otherwise", async () => {
    const socialConnections = vi.fn(async () => linked);
    const { flow } = await ready({ app: offered, client: { socialConnections } });
    expect(flow.state.socialConnections).toEqual(linked);
    const none = vi.fn(async () => linked);
    const plain = await ready({ client: { socialConnections: none } });
    expect(none).not.toHaveBeenCalled();
    expect(plain.flow.state.socialConnections).toEqual({});
  });

  it('Connect leaves for the URL the server answers, coming back to this page (no hash)', async () => {
    const linkSocial = vi.fn(async () => 'https://id.test/v1/apps/app/social/authorize?link=t0k');
    const { flow, assigned } = await ready({
      app: offered,
      href: 'https://app.test/account?tab=2#top',
      client: { linkSocial },
    });
    await flow.connectSocial('google');
    expect(linkSocial).toHaveBeenCalledWith('google', 'https://app.test/account?tab=2');
    expect(assigned).toEqual(['https://id.test/v1/apps/app/social/authorize?link=t0k']);
  });

  it('Remove unlinks, shows the new list and says so in the section', async () => {
    const { flow, fake, changes } = await ready({ app: offered });
    fake.setSocial(linked);
    await flow.load();
    changes.length = 0;
    await flow.removeSocial('github');
    expect(flow.state).toMatchObject({
      socialConnections: {},
      announcement: 'GitHub removed.',
      announcedAt: 'social',
      alert: null,
    });
    expect(changes).toEqual([{ type: 'social-removed', connection: 'github' }]);
  });

  it("shows the server's refusal of the last way to sign in in the section's status line", async () => {
    const unlinkSocial = async () => {
      throw new ClientError(400, 'last_sign_in_method', 'This is the last way to sign in to this account.');
    };
    const { flow, fake, types } = await ready({ app: offered, client: { unlinkSocial } });
    fake.setSocial(linked);
    await flow.load();
    await flow.removeSocial('github');
    expect(flow.state).toMatchObject({
      alert: 'Failed to remove this account. This is the last way to sign in to this account.',
      failedAt: 'social',
      socialConnections: linked,
    });
    expect(types()).toContain('error');
  });
});

describe('Remove after a while', () => {
  it('asks for a fresh sign-in, as Connect does, when the server wants a recent one', async () => {
    const unlinkSocial = async () => {
      throw tooOld;
    };
    const { flow, fake, types } = await ready({ app: offered, client: { unlinkSocial } });
    fake.setSocial(linked);
    await flow.load();
    await flow.removeSocial('github');
    expect(flow.state).toMatchObject({ reauthenticate: true, failedAt: 'social', socialConnections: linked });
    expect(types()).toContain('reauthentication-required');
  });
});

describe('coming back from Connect', () => {
  it('is nothing on a page without an address (a preview)', async () => {
    const t = setup({ app: offered, href: '', client: { socialPending: () => pending } });
    await t.flow.load();
    expect(t.flow.state.status).toBe('ready');
    expect(t.replaced).toEqual([]);
  });

  it('exchanges the code, removes the parameters, loads the user and says the provider is connected', async () => {
    const finishSocial = vi.fn(async () => ({}));
    const { fake, ...t } = setup({
      app: offered,
      href: 'https://app.test/account?code=c0de&state=77&tab=2',
      client: { socialPending: () => pending, finishSocial },
    });
    fake.setSocial({ google: linked.github });
    await t.flow.load();
    expect(finishSocial).toHaveBeenCalledWith('c0de');
    expect(t.replaced).toEqual(['/account?tab=2']);
    expect(t.flow.state).toMatchObject({
      status: 'ready',
      announcement: 'Google connected.',
      announcedAt: 'social',
    });
    expect(t.types()).toEqual(['loaded', 'social-connected']);
  });

  it("shows the provider's refusal (in use by another user) in the section, without an exchange", async () => {
    const finishSocial = vi.fn(async () => ({}));
    const forgetSocial = vi.fn();
    const t = setup({
      app: offered,
      href: 'https://app.test/account?error=connection_in_use&error_description=x&state=77',
      client: { socialPending: () => pending, finishSocial, forgetSocial },
    });
    await t.flow.load();
    expect(finishSocial).not.toHaveBeenCalled();
    expect(forgetSocial).toHaveBeenCalled();
    expect(t.flow.state).toMatchObject({
      status: 'ready',
      alert: 'This Google account is already connected to another user.',
      failedAt: 'social',
    });
  });

  it('shows the refusal the exchange answers (the link is made there: 409 connection_in_use)', async () => {
    const finishSocial = vi.fn(async () => {
      throw new ClientError(
        409,
        'connection_in_use',
        'This account of the provider is already linked to another user.',
      );
    });
    const t = setup({
      app: offered,
      href: 'https://app.test/account?code=c0de&state=77',
      client: { socialPending: () => pending, finishSocial },
    });
    await t.flow.load();
    expect(finishSocial).toHaveBeenCalledWith('c0de');
    expect(t.flow.state).toMatchObject({
      status: 'ready',
      alert: 'This Google account is already connected to another user.',
      failedAt: 'social',
    });
  });

  it('refuses a state this tab did not send', async () => {
    const finishSocial = vi.fn(async () => ({}));
    const t = setup({
      app: offered,
      href: 'https://app.test/account?code=c0de&state=78',
      client: { socialPending: () => pending, finishSocial },
    });
    await t.flow.load();
    expect(finishSocial).not.toHaveBeenCalled();
    expect(t.flow.state.alert).toMatch(/^This sign-in has expired or was started in another browser/);
  });

  it('says connecting failed when the code is refused', async () => {
    const t = setup({
      app: offered,
      href: 'https://app.test/account?code=used&state=77',
      client: {
        socialPending: () => pending,
        finishSocial: async () => {
          throw new ClientError(400, 'invalid_code', 'The code is invalid or expired.');
        },
      },
    });
    await t.flow.load();
    expect(t.flow.state).toMatchObject({
      alert: 'Signing in with Google failed. Please try again.',
      failedAt: 'social',
    });
  });
});
