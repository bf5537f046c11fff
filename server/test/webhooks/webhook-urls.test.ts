import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requestError, sendWebhook } from '../../src/webhooks/webhook-sender.js';
import { publicOnlyLookup, webhookUrlProblem } from '../../src/webhooks/webhook-urls.js';

const strict = { allowHttp: false, allowPrivateNetworks: false };

describe('where webhooks may go', () => {
  it('allows http and private targets only when the policy says so', () => {
    // Both settings are named when both apply, so that allowing http does not lead to a second refusal.
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', strict)).toBe(
      'must be an https URL on a public address (WEBHOOK_ALLOW_HTTP allows http, WEBHOOK_ALLOW_PRIVATE_NETWORKS loopback and private addresses)',
    );
    expect(webhookUrlProblem('http://hooks.example.com/x', strict)).toBe(
      'must be an https URL (WEBHOOK_ALLOW_HTTP allows http)',
    );
    expect(
      webhookUrlProblem('http://127.0.0.1:8080/x', { allowHttp: false, allowPrivateNetworks: true }),
    ).toBe('must be an https URL (WEBHOOK_ALLOW_HTTP allows http)');
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
    const notPublic = {
      ok: false,
      statusCode: null,
      error: "the endpoint's host has no public address (WEBHOOK_ALLOW_PRIVATE_NETWORKS allows others)",
    };
    const named = await sendWebhook({ ...message, url: 'http://localhost:9/x' }, policy);
    expect(named).toMatchObject(notPublic);
    const literal = await sendWebhook({ ...message, url: 'http://[::1]:9/x' }, policy);
    expect(literal).toMatchObject(notPublic);
    // A name that resolves to nothing reads the same in the delivery log: which internal names exist
    // cannot be probed by an app's key holder.
    for (const code of ['EWEBHOOKBLOCKED', 'ENOTFOUND', 'EAI_AGAIN']) {
      const error = Object.assign(new Error(`getaddrinfo ${code} vault.service.consul`), { code });
      expect(requestError(error, false)).toBe(notPublic.error);
    }
    // Private networks allowed (development): a name that resolves to nothing says so.
    const missing = Object.assign(new Error('getaddrinfo ENOTFOUND hooks.exmaple.com'), {
      code: 'ENOTFOUND',
    });
    expect(requestError(missing, true)).toBe('ENOTFOUND: getaddrinfo ENOTFOUND hooks.exmaple.com');
    const refused = Object.assign(new Error('connect ECONNREFUSED 8.8.8.8:443'), { code: 'ECONNREFUSED' });
    expect(requestError(refused, false)).toBe('ECONNREFUSED: connect ECONNREFUSED 8.8.8.8:443');
  });

  it('sends nothing over plain http once http is no longer allowed, whenever the endpoint was saved', async () => {
    const receiver = createServer((request, answer) => {
      received++;
      request.resume();
      answer.end();
    });
    let received = 0;
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const message = {
      url,
      secret: `whsec_${Buffer.alloc(32).toString('base64')}`,
      messageId: 'msg_y',
      payload: '{}',
    };
    try {
      const open = { allowHttp: true, allowPrivateNetworks: true, timeoutMs: 1000 };
      expect(await sendWebhook(message, open)).toMatchObject({ ok: true, statusCode: 200 });
      const httpsOnly = { ...open, allowHttp: false };
      expect(await sendWebhook(message, httpsOnly)).toMatchObject({
        ok: false,
        statusCode: null,
        error: 'the endpoint is not https (WEBHOOK_ALLOW_HTTP allows http)',
      });
      expect(received).toBe(1);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
