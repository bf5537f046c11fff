import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningTestServer,
  startTestServer,
  TEST_APP_ID,
} from '../../server/test/support/test-server.js';
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

  it('reports an unreachable server as status 0', async () => {
    const error = await new PassageClient(TEST_APP_ID, { apiUrl: 'http://127.0.0.1:9' })
      .appInfo()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 0, code: 'network_error' });
  });
});
