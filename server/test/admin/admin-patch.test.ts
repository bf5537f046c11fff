import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppSettings } from '../../src/apps/app-settings.js';
import { type RunningTestServer, startTestServer } from '../support/test-server.js';

const KEY = 'admin-key-for-tests-0123456789';
const APP_ID = 'patchApp000000000000000001';

/** Every setting with a value that differs from its default. */
const created: AppSettings = {
  id: APP_ID,
  name: 'Patch me',
  auth_origin: 'https://patch.example',
  redirect_url: '/welcome',
  login_url: '/sign-in',
  allowed_redirect_origins: ['https://shop.patch.example'],
  allowed_identifier: 'both',
  required_identifier: 'phone',
  public_signup: false,
  require_identifier_verification: true,
  profile_management: false,
  auth_fallback_method: 'otp',
  passage_branding: true,
  default_language: 'de',
  session_timeout_length: 7200,
  user_metadata_schema: [
    {
      id: 'meta1',
      field_name: 'nickname',
      friendly_name: 'Nickname',
      type: 'string',
      registration: false,
      profile: false,
    },
  ],
  layouts: {
    registration: [{ id: 'meta1', x: 0, y: 0, w: 2, h: 1 }],
    profile: [{ id: 'meta1', x: 1, y: 1, w: 1, h: 1 }],
  },
  element_customization: { '--passage-primary-color': '#123456' },
  element_customization_dark: { '--passage-primary-color': '#abcdef', '--passage-border-radius': 4 },
  contact_to: 'owner@patch.example',
  api_keys: [{ name: 'backend', sha256: 'a'.repeat(64) }],
  // No secret: the admin API never answers one back (server/test/social/social-accounts.test.ts).
  social_providers: [
    {
      type: 'acme',
      name: 'Acme ID',
      client_id: 'acme',
      issuer: 'https://id.acme.example',
      scopes: ['openid'],
    },
  ],
};

/** For every setting but the id, another value that is neither its default nor the one above. */
const changed: Omit<AppSettings, 'id'> = {
  name: 'Patched',
  auth_origin: 'https://other.example',
  redirect_url: '/done',
  login_url: '/login?from=mail',
  allowed_redirect_origins: ['https://shop.other.example', 'http://localhost:3000'],
  allowed_identifier: 'phone',
  required_identifier: 'email',
  public_signup: true,
  require_identifier_verification: false,
  profile_management: true,
  auth_fallback_method: 'none',
  passage_branding: false,
  default_language: 'fr',
  session_timeout_length: 600,
  user_metadata_schema: [
    {
      id: 'meta2',
      field_name: 'team',
      friendly_name: 'Team',
      type: 'integer',
      registration: true,
      profile: false,
    },
  ],
  layouts: { registration: [], profile: [{ id: 'meta2', x: 0, y: 2, w: 1, h: 3 }] },
  element_customization: { '--passage-body-text-color': '#222222' },
  element_customization_dark: {},
  contact_to: 'other@patch.example',
  api_keys: [{ name: 'other backend', sha256: 'b'.repeat(64) }],
  social_providers: [
    { type: 'corp', name: 'Corp SSO', client_id: 'corp', issuer: 'https://sso.corp.example' },
  ],
};

describe('admin API PATCH /admin/v1/apps/{id}', () => {
  let t: RunningTestServer;
  const admin = (method: string, path: string, body?: unknown) =>
    t.call(method, `/admin/v1/apps${path}`, body, { authorization: `Bearer ${KEY}` });
  const read = async (id: string) =>
    ((await (await admin('GET', `/${id}`)).json()) as { app: AppSettings }).app;
  /**
   * Each test patches an app of its own (created from the fixture), so it passes alone or in any order.
   * A key belongs to one app: each app declares keys of its own, before and after a patch.
   */
  let apps = 0;
  const createdApp = async () => {
    const n = String(++apps).padStart(3, '0');
    const app = {
      ...created,
      id: `${APP_ID.slice(0, -4)}1${n}`,
      api_keys: [{ name: 'backend', sha256: `${n}${'a'.repeat(61)}` }],
    };
    expect((await admin('POST', '', app)).status).toBe(201);
    return app;
  };
  const changedFor = (app: AppSettings, name: string, value: unknown) =>
    name === 'api_keys'
      ? [{ name: 'other backend', sha256: app.api_keys![0]!.sha256.replaceAll('a', 'b') }]
      : value;

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => t.stop());

  it('the fixtures cover every setting', () => {
    const settings = Object.keys(AppSettings.properties).sort();
    expect(Object.keys(created).sort()).toEqual(settings);
    expect(Object.keys(changed).sort()).toEqual(settings.filter((name) => name !== 'id'));
  });

  it('creates an app with a non-default value for every setting', async () => {
    const res = await admin('POST', '', created);
    expect(res.status).toBe(201);
    expect(await read(APP_ID)).toEqual(created);
  });

  it('changes one setting and leaves every other one as it was', async () => {
    const app = await createdApp();
    const res = await admin('PATCH', `/${app.id}`, { public_signup: true });
    expect(res.status).toBe(200);
    const expected = { ...app, public_signup: true };
    expect(((await res.json()) as { app: AppSettings }).app).toEqual(expected);
    expect(await read(app.id)).toEqual(expected);
    await admin('PATCH', `/${app.id}`, { public_signup: false });
    expect(await read(app.id)).toEqual(app);
  });

  it.each(Object.entries(changed))('a patch of %s changes only that setting', async (name, value) => {
    const app = await createdApp();
    const res = await admin('PATCH', `/${app.id}`, { [name]: changedFor(app, name, value) });
    expect(res.status).toBe(200);
    expect(await read(app.id)).toEqual({ ...app, [name]: changedFor(app, name, value) });
  });

  it('after one patch per setting, the app holds every changed value', async () => {
    const app = await createdApp();
    for (const [name, value] of Object.entries(changed)) {
      expect((await admin('PATCH', `/${app.id}`, { [name]: changedFor(app, name, value) })).status).toBe(200);
    }
    expect(await read(app.id)).toEqual({
      id: app.id,
      ...changed,
      api_keys: changedFor(app, 'api_keys', changed.api_keys),
    });
  });
});
