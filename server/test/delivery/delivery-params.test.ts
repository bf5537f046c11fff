import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ParamsCipher } from '../../src/security/params-cipher.js';
import { MAX_CODE_FAILURES, pauseAfter } from '../../src/otp/code-failure-budget.js';

describe('ParamsCipher', () => {
  const key = randomBytes(32);
  const cipher = new ParamsCipher(key);

  it('seals parameters so the code is not in the stored text, and opens them again', () => {
    const sealed = cipher.seal({ code: '123456', appName: 'Shop' });
    expect(sealed).not.toContain('123456');
    expect(cipher.open(sealed)).toEqual({ code: '123456', appName: 'Shop' });
    expect(cipher.seal({ code: '123456' })).not.toBe(cipher.seal({ code: '123456' }));
  });

  it('refuses a tampered or foreign text, and still opens rows stored as plain JSON', () => {
    const sealed = cipher.seal({ code: '123456' });
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => cipher.open(tampered)).toThrow();
    expect(() => new ParamsCipher(randomBytes(32)).open(sealed)).toThrow();
    expect(cipher.open('{"code":"1"}')).toEqual({ code: '1' });
    expect(() => new ParamsCipher(randomBytes(16))).toThrow('32 bytes');
  });

  it('refuses a value whose GCM tag is shorter than 16 bytes, even one made with the key', () => {
    const iv = randomBytes(12);
    const short = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 4 });
    short.final();
    const forged = `v1.${Buffer.concat([iv, short.getAuthTag()]).toString('base64url')}`;
    expect(() => cipher.open(forged)).toThrow(/authentication tag length/i);
  });
});

describe('the wrong-code budget', () => {
  it('pauses every tenth failure for 30 s, doubling up to an hour, and closes at 100', () => {
    expect([1, 9, 11, 19].map(pauseAfter)).toEqual([0, 0, 0, 0]);
    expect(pauseAfter(10)).toBe(30_000);
    expect(pauseAfter(20)).toBe(60_000);
    expect(pauseAfter(30)).toBe(120_000);
    expect(pauseAfter(80)).toBe(3_600_000);
    expect(pauseAfter(90)).toBe(3_600_000);
    expect(MAX_CODE_FAILURES).toBe(100);
    expect(pauseAfter(100)).toBe(0); // closed, not paused
  });
});
