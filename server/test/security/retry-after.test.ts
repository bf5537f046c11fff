import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../support/api-key.js';
import { signedInUser } from '../support/signed-in-user.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const ADMIN_KEY = 'retry-after-admin-key-0123456789ab';

/** What makes one operation answer 429: a call to repeat (`i` counts the calls), after an optional setup. */
type Driver = (appId: string) => Promise<(i: number) => Promise<Response>>;

/**
 * Every 429 tells the client when to come back, on every operation the OpenAPI document says can answer
 * 429: the auth API, the management API and the contact endpoint alike. The limits are scaled down
 * (RATE_LIMIT_FACTOR 0.01): 6 identifier lookups a minute, and 1 sign-up, 1 code or link, 1 social
 * sign-in started per address and app, 1 contact message per address. Each operation runs against an
 * app of its own.
 */
describe('Retry-After on every 429', () => {
  let t: RunningTestServer;
  let documented: string[] = [];
  const apps = Array.from({ length: 20 }, (_, i) => `limitedApp${String(i).padStart(13, '0')}`);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestServer({
      env: { RATE_LIMIT_FACTOR: '0.01', ADMIN_API_KEY: ADMIN_KEY },
      apps: apps.map((id) => ({
        id,
        allowed_identifier: 'both' as const,
        // A provider nobody answers for: starting a social sign-in is counted before leaving for it.
        social_providers: [{ type: 'corp', name: 'Corp', client_id: 'x', issuer: 'http://127.0.0.1:9' }],
      })),
    });
    const doc = (await (await t.call('GET', '/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => '429' in operation.responses)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
  });
  afterAll(() => t.stop());

  const signedIn = async (appId: string, email: string) =>
    bearer((await signedInUser(t, appId, email)).auth.auth_token);
  const contactMessage = (appId: string) => ({
    service_id: 'service',
    template_id: 'template',
    user_id: appId,
    template_params: { message: 'Hello' },
  });

  const drivers: Record<string, Driver> = {
    'GET /v1/apps/{appId}/users': async (app) => (i) =>
      t.call('GET', `/v1/apps/${app}/users?identifier=lookup${i}@example.com`),
    'POST /v1/apps/{appId}/users': async (app) => (i) =>
      t.call('POST', `/v1/apps/${app}/users`, { identifier: `signup${i}@example.com` }),
    'POST /v1/apps/{appId}/register/otp': async (app) => (i) =>
      t.call('POST', `/v1/apps/${app}/register/otp`, { identifier: `code${i}@example.com` }),
    'POST /v1/apps/{appId}/login/otp': async (app) => {
      await signedInUser(t, app, 'code-login@example.com');
      return () => t.call('POST', `/v1/apps/${app}/login/otp`, { identifier: 'code-login@example.com' });
    },
    'POST /v1/apps/{appId}/register/magic-link': async (app) => (i) =>
      t.call('POST', `/v1/apps/${app}/register/magic-link`, {
        identifier: `link${i}@example.com`,
        magic_link_path: '/',
      }),
    'POST /v1/apps/{appId}/login/magic-link': async (app) => {
      await signedInUser(t, app, 'link-login@example.com');
      return () =>
        t.call('POST', `/v1/apps/${app}/login/magic-link`, {
          identifier: 'link-login@example.com',
          magic_link_path: '/',
        });
    },
    'PATCH /v1/apps/{appId}/currentuser/email': async (app) => {
      const auth = await signedIn(app, 'changes@example.com');
      return (i) =>
        t.call('PATCH', `/v1/apps/${app}/currentuser/email`, { new_email: `next${i}@example.com` }, auth);
    },
    'PATCH /v1/apps/{appId}/currentuser/phone': async (app) => {
      const auth = await signedIn(app, 'phone-changes@example.com');
      return (i) =>
        t.call('PATCH', `/v1/apps/${app}/currentuser/phone`, { new_phone: `+1415555010${i}` }, auth);
    },
    // Every lookup of an unknown identifier is a 404 until the budget is spent; then 429.
    'POST /v1/apps/{appId}/login/webauthn/start': async (app) => (i) =>
      t.call('POST', `/v1/apps/${app}/login/webauthn/start`, { identifier: `nobody${i}@example.com` }),
    'POST /v1/apps/{appId}/register/webauthn/start': async (app) => (i) =>
      t.call('POST', `/v1/apps/${app}/register/webauthn/start`, {
        identifier: `passkey${i}@example.com`,
        authenticator_attachment: 'platform',
      }),
    // The management API: a link sent by the server counts like one the user asked for.
    'POST /v1/apps/{appId}/magic-links': async (app) => {
      const key = await newApiKey(t, ADMIN_KEY, app);
      return () =>
        t.call(
          'POST',
          `/v1/apps/${app}/magic-links`,
          { email: 'managed@example.com', send: true },
          bearer(key),
        );
    },
    // Test messages of an app's webhooks (60 every 10 minutes): scaled to 1.
    'POST /v1/apps/{appId}/webhooks/{webhookId}/test': async (app) => {
      const key = await newApiKey(t, ADMIN_KEY, app);
      const endpoint = await t.call(
        'POST',
        `/v1/apps/${app}/webhooks`,
        { url: 'https://hooks.example.com/limits', event_types: ['login'] },
        bearer(key),
      );
      const { webhook } = (await endpoint.json()) as { webhook: { id: string } };
      return () => t.call('POST', `/v1/apps/${app}/webhooks/${webhook.id}/test`, {}, bearer(key));
    },
    'GET /v1/apps/{appId}/social/authorize': async (app) => () => {
      const query = new URLSearchParams({
        connection_type: 'corp',
        redirect_uri: `${t.baseUrl.replace('127.0.0.1', 'localhost')}/`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      return fetch(`${t.baseUrl}/v1/apps/${app}/social/authorize?${query}`, { redirect: 'manual' });
    },
    'POST /api/v1.0/email/send': async (app) => () =>
      t.call('POST', '/api/v1.0/email/send', contactMessage(app)),
    'POST /api/v1.0/email/send-form': async (app) => () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...contactMessage(app), template_params: undefined }))
        if (typeof value === 'string') form.append(name, value);
      form.append('message', 'Hello');
      return fetch(`${t.baseUrl}/api/v1.0/email/send-form`, { method: 'POST', body: form });
    },
  };

  it('drives every operation the OpenAPI document says can answer 429', () => {
    expect(Object.keys(drivers).sort()).toEqual([...documented].sort());
  });

  it.each(Object.keys(drivers).map((operation, i) => [operation, i] as const))(
    '%s answers 429 with Retry-After',
    async (operation, i) => {
      const call = await drivers[operation]!(apps[i]!);
      let res = await call(0);
      for (let n = 1; n < 10 && res.status !== 429; n++) res = await call(n);
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      if (operation.includes('/email/')) {
        expect(await res.text()).toBe('Too Many Requests.'); // EmailJS's own text
      } else {
        expect(await res.json()).toEqual({
          code: 'too_many_requests',
          error: expect.stringContaining('Try again in'),
        });
      }
    },
  );
});
