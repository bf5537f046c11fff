import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerChecker } from '../../../test-support/openapi-answers.mjs';
import { captureMessages } from '../support/captured-messages.js';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';
import { PasskeyTestClient } from '../webauthn/passkey-test-client.js';

const ADMIN_KEY = 'admin-key-for-contract-tests-0123';
const app = `/v1/apps/${TEST_APP_ID}`;

/**
 * The sign-in flows as the elements run them (codes, magic links, passkeys, refresh, sign-out), with
 * every answer checked against GET /v1/openapi.json: the document describes what the server sends.
 */
describe('the answers of the sign-in flows match the OpenAPI document', () => {
  let t: RunningTestServer;
  let mail: ReturnType<typeof captureMessages>;
  const problems: string[] = [];
  const checked = new Set<string>();
  /** The flow tests that passed (each adds one), whatever their order. */
  let flowsPassed = 0;

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: ADMIN_KEY } });
    mail = captureMessages(t);
    const document = (await (await t.call('GET', '/v1/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    const check = answerChecker(document);
    const call = t.call.bind(t);
    t.call = async (method, path, body, headers) => {
      const res = await call(method, path, body, headers);
      const text = await res.clone().text();
      problems.push(...check(method, path, res.status, text ? JSON.parse(text) : undefined));
      checked.add(`${method} ${path.split('?')[0]} ${res.status}`);
      return res;
    };
  });
  afterAll(() => t.stop());

  const json = async (res: Response) => (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('app info, lookups and a new user', async () => {
    await t.call('GET', app);
    await t.call('GET', '/v1/apps/unknownApp000000000000/users?identifier=a@example.com');
    await t.call('GET', `${app}/users?identifier=ann@example.com`);
    await t.call('POST', `${app}/users`, { identifier: 'ann@example.com' });
    await t.call('GET', `${app}/users?identifier=ann@example.com`);
    await t.call('POST', `${app}/users`, { identifier: 'not an email' });
    expect(problems).toEqual([]);
    flowsPassed++;
  });

  it('one-time code: register, sign in, read the user, refresh, sign out', async () => {
    const { otp_id } = await json(
      await t.call('POST', `${app}/register/otp`, { identifier: 'otp@example.com' }),
    );
    await t.call('POST', `${app}/otp/activate`, { otp_id, otp: '000000' });
    const signedIn = await json(
      await t.call('POST', `${app}/otp/activate`, { otp_id, otp: mail.codeFor('otp@example.com') }),
    );
    const { auth_token, refresh_token } = signedIn.auth_result;
    const bearer = { authorization: `Bearer ${auth_token}` };
    await t.call('GET', `${app}/currentuser`, undefined, bearer);
    await t.call('GET', `${app}/currentuser/user-metadata`, undefined, bearer);
    await t.call('GET', `${app}/currentuser/devices`, undefined, bearer);
    await t.call('GET', `${app}/currentuser/social-connections`, undefined, bearer);
    await t.call('GET', `${app}/currentuser`);
    const refreshed = await json(await t.call('POST', `${app}/tokens`, { refresh_token }));
    await t.call('POST', `${app}/tokens`, { refresh_token });
    await t.call('DELETE', `${app}/tokens?refresh_token=${refreshed.auth_result.refresh_token}`);
    await t.call('GET', `${app}/.well-known/jwks.json`);
    await t.call('GET', `${app}/.well-known/openid-configuration`);
    expect(problems).toEqual([]);
    flowsPassed++;
  });

  it('magic link: send, poll before and after, open', async () => {
    await t.call('POST', `${app}/users`, { identifier: 'link@example.com' });
    const sent = await json(
      await t.call('POST', `${app}/register/magic-link`, {
        identifier: 'link@example.com',
        magic_link_path: '/',
      }),
    );
    await t.call('POST', `${app}/magic-link/status`, { id: sent.magic_link.id });
    const token = new URL(mail.linkFor('link@example.com')).searchParams.get('psg_magic_link');
    await t.call('PATCH', `${app}/magic-link/activate`, { magic_link: token });
    await t.call('POST', `${app}/magic-link/status`, { id: sent.magic_link.id });
    await t.call('PATCH', `${app}/magic-link/activate`, { magic_link: token });
    await t.call('POST', `${app}/login/magic-link`, { identifier: 'link@example.com' });
    expect(problems).toEqual([]);
    flowsPassed++;
  });

  it('passkeys: register, log in by identifier and by autofill, list devices', async () => {
    const client = new PasskeyTestClient(t, TEST_APP_ID);
    const registered = await client.register('key@example.com');
    expect(registered.status).toBe(201);
    expect((await client.login('key@example.com')).status).toBe(200);
    const discoverable = await client.login();
    await t.call('GET', `${app}/currentuser/devices`, undefined, {
      authorization: `Bearer ${discoverable.body.auth_result.auth_token}`,
    });
    await client.loginFinish('unknown-handshake', registered.credential);
    expect(problems).toEqual([]);
    flowsPassed++;
  });

  it('the admin API', async () => {
    const admin = { authorization: `Bearer ${ADMIN_KEY}` };
    await t.call('GET', '/admin/v1/apps', undefined, admin);
    await t.call('GET', `/admin/v1/apps/${TEST_APP_ID}`, undefined, admin);
    await t.call('GET', `/admin/v1/apps/${TEST_APP_ID}/users`, undefined, admin);
    await t.call('GET', '/admin/v1/apps', undefined, { authorization: 'Bearer wrong' });
    await t.call('GET', '/v1/health');
    expect(problems).toEqual([]);
    flowsPassed++;
  });

  // When every flow above ran (in any order), the checker has seen answers of every kind: successes and
  // refusals. Not a test of its own, which would pass or fail by the order the tests ran in.
  afterAll(() => {
    if (flowsPassed < 5) return;
    expect(checked.size).toBeGreaterThan(30);
    expect([...checked].filter((key) => / 4\d\d$/.test(key)).length).toBeGreaterThan(5);
  });
});

describe('the answer checker', () => {
  const document = {
    paths: {
      '/v1/apps/{appId}/users': {
        get: {
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['user'],
                    properties: { user: { type: ['object', 'null'] } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  const check = answerChecker(document);

  it('follows a reference to a common answer and to a shared schema, and checks the content type', () => {
    const withCommon = {
      paths: {
        '/contact': {
          post: {
            responses: {
              '200': { content: { 'text/plain': { schema: { type: 'string' } } } },
              '431': { $ref: '#/components/responses/HeadersTooLarge' },
            },
          },
        },
      },
      components: {
        responses: {
          HeadersTooLarge: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
        schemas: { Error: { type: 'object', required: ['code', 'error'] } },
      },
    };
    const checkCommon = answerChecker(withCommon);
    expect(checkCommon('POST', '/contact', 431, { code: 'invalid_request', error: 'Too large.' })).toEqual(
      [],
    );
    expect(checkCommon('POST', '/contact', 431, { code: 'invalid_request' })).not.toEqual([]);
    expect(checkCommon('POST', '/contact', 200, 'OK', 'text/plain; charset=utf-8')).toEqual([]);
    expect(checkCommon('POST', '/contact', 200, { ok: true })).toEqual([
      'POST /contact 200: content type application/json not documented',
    ]);
  });

  it('passes an answer of the documented shape, and fails a wrong one, an undocumented status or path', () => {
    expect(check('GET', '/v1/apps/a/users?identifier=x', 200, { user: null })).toEqual([]);
    expect(check('GET', '/v1/apps/a/users', 200, { user: 'ann' })).not.toEqual([]);
    expect(check('GET', '/v1/apps/a/users', 500, {})).not.toEqual([]);
    expect(check('GET', '/v1/apps/a/other', 200, {})).not.toEqual([]);
  });
});
