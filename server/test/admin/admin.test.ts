import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

const KEY = 'admin-key-for-tests-0123456789';
// Each test that needs an app of its own creates it: the tests run in any order.
const NEW_APP = 'newApp0000000000000000001';
const PATCHED_APP = 'newApp0000000000000000002';
const DELETED_APP = 'newApp0000000000000000003';

describe('admin API /admin/v1/apps', () => {
  let t: RunningTestServer;
  const admin = (method: string, path: string, body?: unknown, key = KEY) =>
    t.call(method, `/admin/v1/apps${path}`, body, { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await startTestServer({ env: { ADMIN_API_KEY: KEY } });
  });
  afterAll(() => t.stop());

  it('refuses requests without the right key', async () => {
    expect((await t.call('GET', '/admin/v1/apps')).status).toBe(401);
    const wrong = await admin('GET', '', undefined, 'nope');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('invalid_access_token');
  });

  it('lists and reads apps', async () => {
    const list = (await (await admin('GET', '')).json()) as { apps: { id: string }[] };
    expect(list.apps.map((a) => a.id)).toContain(TEST_APP_ID);
    const one = (await (await admin('GET', `/${TEST_APP_ID}`)).json()) as { app: { name: string } };
    expect(one.app.name).toBe('Test app');
    expect((await admin('GET', '/unknownApp000000000000')).status).toBe(404);
  });

  it('creates an app with defaults; it serves app info and CORS for its origin at once', async () => {
    const res = await admin('POST', '', { id: NEW_APP, name: 'New', auth_origin: 'https://new.example' });
    expect(res.status).toBe(201);
    const { app } = (await res.json()) as { app: Record<string, unknown> };
    expect(app).toMatchObject({ id: NEW_APP, public_signup: true, auth_fallback_method: 'magic_link' });
    const info = await t.call('GET', `/v1/apps/${NEW_APP}`, undefined, { origin: 'https://new.example' });
    expect(info.status).toBe(200);
    expect(info.headers.get('access-control-allow-origin')).toBe('https://new.example');
    expect(
      (await admin('POST', '', { id: NEW_APP, name: 'Again', auth_origin: 'https://x.example' })).status,
    ).toBe(409);
  });

  it('refuses invalid settings with a readable message', async () => {
    const res = await admin('POST', '', { id: 'short', name: 'X', auth_origin: 'not a url' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('invalid_request');
    // Every problem, in the apps file's plain words: the field, the value, what it takes; no schema text.
    expect(body.error).toContain('body: id "short" must be 8 to 64 letters and digits');
    expect(body.error).toContain('body: auth_origin "not a url" must be an origin');
    expect(body.error).not.toMatch(/must match pattern|schema is false|must be equal to constant/);
    const patch = await admin('PATCH', `/${TEST_APP_ID}`, { allowed_identifier: 'fax' });
    expect(patch.status).toBe(400);
  });

  it('takes no number, boolean or array where a string belongs (bodies are not coerced)', async () => {
    for (const body of [
      { id: 12345678901, name: 'Numeric', auth_origin: 'https://n.example' },
      { id: 'numericName0000000001', name: 42, auth_origin: 'https://n.example' },
      { id: 'numericName0000000002', name: 'N', auth_origin: 'https://n.example', public_signup: 'false' },
    ]) {
      const res = await admin('POST', '', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_request');
    }
    expect((await admin('PATCH', `/${NEW_APP}`, { session_timeout_length: '600' })).status).toBe(400);
    expect((await admin('GET', '/12345678901')).status).toBe(404);
  });

  it('changes some settings and keeps the rest', async () => {
    const created = { id: PATCHED_APP, name: 'New', auth_origin: 'https://new.example' };
    expect((await admin('POST', '', created)).status).toBe(201);
    const res = await admin('PATCH', `/${PATCHED_APP}`, {
      public_signup: false,
      contact_to: 'me@new.example',
    });
    expect(res.status).toBe(200);
    const info = (await (await t.call('GET', `/v1/apps/${PATCHED_APP}`)).json()) as {
      app: Record<string, unknown>;
    };
    expect(info.app).toMatchObject({ public_signup: false, name: 'New', auth_origin: 'https://new.example' });
  });

  it('deletes an app', async () => {
    const created = { id: DELETED_APP, name: 'Gone', auth_origin: 'https://gone.example' };
    expect((await admin('POST', '', created)).status).toBe(201);
    expect((await admin('DELETE', `/${DELETED_APP}`)).status).toBe(204);
    expect((await t.call('GET', `/v1/apps/${DELETED_APP}`)).status).toBe(404);
    expect((await admin('DELETE', `/${DELETED_APP}`)).status).toBe(404);
  });
});

describe('admin API without ADMIN_API_KEY', () => {
  it('does not exist', async () => {
    const t = await startTestServer();
    try {
      const res = await t.call('GET', '/admin/v1/apps', undefined, { authorization: 'Bearer anything' });
      expect(res.status).toBe(404);
    } finally {
      await t.stop();
    }
  });
});
