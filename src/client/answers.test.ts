import { describe, expect, it } from 'vitest';
import { memoryStorage } from './browser-storage';
import { PassageClient } from './passage-client';

/** A client whose server answers every call 200 with `body`. */
const answering = (body: string) =>
  new PassageClient('app', {
    apiUrl: 'https://id.example',
    storage: memoryStorage(),
    fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
  });

describe('answers of the wrong shape', () => {
  it('fail with unexpected_answer instead of a TypeError further on', async () => {
    const cases: [string, (client: PassageClient) => Promise<unknown>][] = [
      ['{}', (c) => c.appInfo()],
      ['{"user": "ann"}', (c) => c.identifierExists('ann@example.com')],
      ['{}', (c) => c.createUser('ann@example.com')],
      ['{"otp_id": 7}', (c) => c.newLoginOneTimePasscode('ann@example.com', 'en')],
      ['{}', (c) => c.newLoginMagicLink('ann@example.com', 'en', '/')],
      ['{"auth_token": "t"}', (c) => c.oneTimePasscodeActivate('123456', 'otp')],
      ['{"handshake": {"id": "h"}}', (c) => c.login('ann@example.com')],
    ];
    for (const [body, call] of cases) {
      const error = await call(answering(body)).catch((e: unknown) => e);
      expect(error, body).toMatchObject({ statusCode: 0, code: 'unexpected_answer' });
    }
  });

  it('pass when they have what the client reads', async () => {
    expect(await answering('{"user": null}').identifierExists('ann@example.com')).toBeNull();
    expect(await answering('{"otp_id": "o1"}').newLoginOneTimePasscode('a@example.com', 'en')).toEqual({
      otp_id: 'o1',
    });
    const result = await answering(
      '{"auth_result": {"auth_token": "t", "redirect_url": "/"}}',
    ).oneTimePasscodeActivate('123456', 'otp');
    expect(result).toEqual({ auth_token: 't', redirect_url: '/' });
  });
});
