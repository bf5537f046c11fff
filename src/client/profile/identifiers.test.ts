import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../browser-storage';
import { PassageClient } from '../passage-client';
import { changeEmail, changePhone } from './identifiers';

const token = [{ alg: 'RS256', typ: 'JWT' }, { exp: Math.floor(Date.now() / 1000) + 3600 }]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .join('.');

/** A signed-in client whose calls are recorded and answered with a link id. */
function signedIn() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ method: init.method!, url, body: JSON.parse(init.body as string) });
    return new Response(JSON.stringify({ magic_link: { id: 'ml1' } }), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  const client = new PassageClient('app1', { apiUrl: 'http://id.test', storage: memoryStorage(), fetch });
  client.tokenStore.setTokens({ auth_token: `${token}.sig`, redirect_url: '/' });
  return { user: client.getCurrentUser(), sent };
}

describe('email and phone changes', () => {
  it('send where the confirmation link should land, with the language', async () => {
    const { user, sent } = signedIn();
    const path = '/passageSuccess?psg_verify_type=email';
    expect(await changeEmail(user, 'new@example.com', { language: 'de', magicLinkPath: path })).toBe('ml1');
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: 'http://id.test/v1/apps/app1/currentuser/email',
      body: { new_email: 'new@example.com', language: 'de', magic_link_path: path },
    });
    await changePhone(user, '+12015550123', { language: 'en', magicLinkPath: '/me?psg_verify_type=phone' });
    expect(sent[1]).toMatchObject({
      url: 'http://id.test/v1/apps/app1/currentuser/phone',
      body: { new_phone: '+12015550123', language: 'en', magic_link_path: '/me?psg_verify_type=phone' },
    });
  });

  it('leave the landing page to the server when none is given', async () => {
    const { user, sent } = signedIn();
    await changeEmail(user, 'new@example.com', { language: 'en' });
    expect(sent[0]!.body).toEqual({ new_email: 'new@example.com', language: 'en' });
  });
});
