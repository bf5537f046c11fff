import { describe, expect, it } from 'vitest';
import { sendWebhook } from '../../src/webhooks/webhook-sender.js';
import { publicOnlyLookup, webhookUrlProblem } from '../../src/webhooks/webhook-urls.js';

const strict = { allowHttp: false, allowPrivateNetworks: false };

describe('where webhooks may go', () => {
  it('allows http and private targets only when the policy says so', () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', strict)).toMatch(/https/);
    expect(webhookUrlProblem('https://127.0.0.1:8080/x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://a.localhost/x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://localhost./x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://0x7f.1/x', strict)).toMatch(/loopback/);
    expect(
      webhookUrlProblem('http://127.0.0.1:8080/x', { allowHttp: true, allowPrivateNetworks: true }),
    ).toBe(null);
    expect(webhookUrlProblem('https://hooks.example.com/x#y', strict)).toMatch(/fragment/);
    expect(webhookUrlProblem('https://hooks.example.com\\@evil/x', strict)).toMatch(/backslash/);
    expect(webhookUrlProblem('ftp://hooks.example.com/x', strict)).toMatch(/https/);
    expect(webhookUrlProblem('https://hooks.example.com/x', strict)).toBe(null);
  });

  it('refuses a name that resolves to a loopback address when it is sent to', async () => {
    const refusal = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (error) => resolve(error)),
    );
    expect(refusal?.code).toBe('EWEBHOOKBLOCKED');
  });

  it('sends nothing to a loopback address, named or literal, unless private networks are allowed', async () => {
    const policy = { allowHttp: true, allowPrivateNetworks: false, timeoutMs: 1000 };
    const message = {
      secret: `whsec_${Buffer.alloc(32).toString('base64')}`,
      messageId: 'msg_x',
      payload: '{}',
    };
    const named = await sendWebhook({ ...message, url: 'http://localhost:9/x' }, policy);
    expect(named).toMatchObject({ ok: false, statusCode: null });
    expect(named.error).toMatch(/EWEBHOOKBLOCKED/);
    const literal = await sendWebhook({ ...message, url: 'http://[::1]:9/x' }, policy);
    expect(literal).toMatchObject({ ok: false, error: 'the endpoint is not on a public address' });
  });
});
