import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startTestServer, TEST_APP_ID } from '../support/test-server.js';

describe('GET /v1/apps/{appId}', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer({
      apps: [
        { id: TEST_APP_ID, allowed_identifier: 'both', auth_fallback_method: 'otp', public_signup: false },
      ],
    });
  });
  afterAll(() => t.stop());

  it('answers the app-info fields of the Passage wire format', async () => {
    const res = await t.call('GET', `/v1/apps/${TEST_APP_ID}`);
    expect(res.status).toBe(200);
    const { app } = (await res.json()) as { app: Record<string, unknown> };
    expect(app).toMatchObject({
      id: TEST_APP_ID,
      name: 'Test app',
      auth_origin: t.baseUrl.replace('127.0.0.1', 'localhost'),
      allowed_identifier: 'both',
      public_signup: false,
      auth_fallback_method: 'otp',
      user_metadata_schema: [],
      layouts: { registration: [], profile: [] },
      element_customization: {},
      element_customization_dark: {},
    });
    for (const key of [
      'redirect_url',
      'require_identifier_verification',
      'passage_branding',
      'default_language',
    ]) {
      expect(app).toHaveProperty(key);
    }
  });

  it('answers the same with a trailing slash', async () => {
    const res = await t.call('GET', `/v1/apps/${TEST_APP_ID}/`);
    expect(res.status).toBe(200);
  });

  it('answers 404 app_not_found for an unknown app', async () => {
    const res = await t.call('GET', '/v1/apps/doesNotExist000000000000');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'app_not_found', error: expect.stringMatching(/app/i) });
  });

  it('answers a malformed app id like an unknown one: 404 app_not_found', async () => {
    const res = await t.call('GET', '/v1/apps/not-an-id!');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'app_not_found', error: 'No app with this id exists.' });
  });

  it('answers a JSON 404 for an unknown API path', async () => {
    const res = await t.call('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
  });
});
