import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/http/logging.js';

describe('log redaction', () => {
  it('masks secret fields at the top level and one level down, and the Authorization header', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const { stream: _unused, ...options } = loggerOptions('info', stream);
    const log = pino(options, stream);
    log.info(
      { otp: '123456', token: 'tok-abc', user: { refresh_token: 'rt-xyz', email: 'a@b.example' } },
      'event',
    );
    log.info({ headers: { authorization: 'Bearer eyJsecret' } }, 'outgoing call');
    log.info({ message: { params: { code: '654321' }, text: 'Your code is 654321' } }, 'delivery');
    await new Promise((r) => setImmediate(r));
    const all = lines.join('');
    for (const secret of ['123456', 'tok-abc', 'rt-xyz', 'eyJsecret', '654321'])
      expect(all).not.toContain(secret);
    expect(all).toContain('a@b.example');
    expect(all).toContain('[redacted]');
  });
});
