import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SocialProviders, startSocialProviders } from '../../../test-support/social-providers/index.js';
import { pkcePair, SocialTestBrowser } from '../support/social-browser.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const APP_ID = 'socialApp000000000000001';

/**
 * Social sign-in end to end against the test providers (test-support/social-providers): the page's
 * PKCE pair and state as passage-js sends them, the browser's hops through the provider, the code
 * exchange, and the auth result.
 */
describe('social sign-in', () => {
  let providers: SocialProviders;
  let t: RunningTestServer;
  /** The server as the browser knows it (its public URL, the app's auth_origin). */
  const origin = () => t.baseUrl.replace('127.0.0.1', 'localhost');
  const page = () => `${origin()}/account/login?tab=social`;

  beforeAll(async () => {
    providers = await startSocialProviders();
    t = await startTestServer({
      apps: [{ id: APP_ID, name: 'Social shop', social_providers: providers.settings() }],
    });
  });
  afterAll(async () => {
    await t.stop();
    await providers.stop();
  });
  beforeEach(() => providers.reset());

  /** What passage-js's authorizeWith does, then the browser's hops: where it lands back on the page. */
  async function authorize(type: string, browser = new SocialTestBrowser(page())) {
    const { verifier, challenge } = pkcePair();
    const state = String(Math.floor(Math.random() * 1e9));
    const query = new URLSearchParams({
      redirect_uri: page(),
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      connection_type: type,
    });
    const landing = await browser.navigate(`${origin()}/v1/apps/${APP_ID}/social/authorize?${query}`);
    return { landing, verifier, state, browser };
  }

  /** finishSocialAuthentication: the code and the verifier for the auth result. */
  const token = (code: string, verifier: string) =>
    t.call('GET', `/v1/apps/${APP_ID}/social/token?code=${code}&verifier=${verifier}`);

  async function signIn(type: string) {
    const { landing, verifier, state } = await authorize(type);
    const seen = `${landing.status} ${landing.url.href} ${landing.body.slice(0, 400)}`;
    expect(landing.url.searchParams.get('code'), seen).toBeTruthy();
    expect(landing.url.searchParams.get('state')).toBe(state);
    const code = landing.url.searchParams.get('code') ?? '';
    const res = await token(code, verifier);
    expect(res.status).toBe(201);
    const { auth_result: auth } = (await res.json()) as { auth_result: { auth_token: string } };
    const me = await t.call('GET', `/v1/apps/${APP_ID}/currentuser`, undefined, {
      authorization: `Bearer ${auth.auth_token}`,
    });
    return (await me.json()) as {
      user: {
        id: string;
        email: string;
        email_verified: boolean;
        social_connections: Record<string, { provider_id: string; provider_identifier: string }>;
      };
    };
  }

  it('offers the providers in the app info, in order, with their labels', async () => {
    const res = await t.call('GET', `/v1/apps/${APP_ID}`);
    const { app } = (await res.json()) as { app: { social_connections: Record<string, unknown> } };
    expect(Object.entries(app.social_connections)).toEqual([
      ['google', { client_id: 'google-test-client', name: 'Google' }],
      ['github', { client_id: 'github-test-client', name: 'GitHub' }],
      ['apple', { client_id: 'com.example.test.signin', name: 'Apple' }],
      ['acme', { client_id: 'acme-test-client', name: 'Acme ID' }],
    ]);
  });

  it('lists the offered providers in the OpenID configuration', async () => {
    const res = await t.call('GET', `/v1/apps/${APP_ID}/.well-known/openid-configuration`);
    const config = (await res.json()) as { social_connections_supported: string[] };
    expect(config.social_connections_supported).toEqual(['google', 'github', 'apple', 'acme']);
  });

  for (const type of ['google', 'github', 'apple', 'acme'] as const) {
    it(`signs a new user up with ${type}, then the same user in again`, async () => {
      const user = providers[type].user;
      const first = await signIn(type);
      expect(first.user.email).toBe(user.email);
      expect(first.user.email_verified).toBe(true);
      expect(first.user.social_connections[type]?.provider_identifier).toBe(user.email);
      const again = await signIn(type);
      expect(again.user.id).toBe(first.user.id);
    });
  }
});
