import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningTestServer,
  startTestServer,
  TEST_APP_ID,
} from '../../server/test/support/test-server.js';
import { memoryStorage } from './browser-storage';
import { PassageClient } from './passage-client';
import { PassageError } from './passage-error';

describe('PassageClient against the real server', () => {
  let t: RunningTestServer;
  beforeAll(async () => {
    t = await startTestServer({ apps: [{ id: TEST_APP_ID, allowed_identifier: 'phone' }] });
  });
  afterAll(() => t.stop());

  it('reads the app info', async () => {
    const app = await new PassageClient(TEST_APP_ID, { apiUrl: t.baseUrl }).appInfo();
    expect(app.id).toBe(TEST_APP_ID);
    expect(app.allowed_identifier).toBe('phone');
  });

  it('turns an unknown app into a PassageError with the status and code', async () => {
    const error = await new PassageClient('unknownApp00000000000000', { apiUrl: t.baseUrl })
      .appInfo()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PassageError);
    expect(error).toMatchObject({ statusCode: 404, code: 'app_not_found' });
  });

  it('looks identifiers up and creates users', async () => {
    const t2 = await startTestServer({ apps: [{ id: TEST_APP_ID, allowed_identifier: 'email' }] });
    try {
      const client = new PassageClient(TEST_APP_ID, { apiUrl: t2.baseUrl, storage: memoryStorage() });
      expect(await client.identifierExists('ann@example.com')).toBeNull();
      const created = await client.createUser('ann@example.com');
      expect(created).toMatchObject({ email: 'ann@example.com', webauthn_types: [] });
      expect(await client.identifierExists('ann@example.com')).toMatchObject({ id: created.id });
      const refused = await client.createUser('not an email').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PassageError);
      expect(refused).toMatchObject({ statusCode: 400 });
    } finally {
      await t2.stop();
    }
  });

  it('requires a login (704) for the current user without a session', async () => {
    const client = new PassageClient(TEST_APP_ID, { apiUrl: t.baseUrl, storage: memoryStorage() });
    await expect(client.getCurrentUser().userInfo()).rejects.toMatchObject({ statusCode: 704 });
    expect(await client.signOut()).toBe(true);
  });

  it('reports an unreachable server as status 0', async () => {
    const error = await new PassageClient(TEST_APP_ID, { apiUrl: 'http://127.0.0.1:9' })
      .appInfo()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 0, code: 'network_error' });
  });
});
