import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/security/log-redaction.js';

describe('redactUrl', () => {
  it('masks secret query parameters and keeps the rest', () => {
    expect(redactUrl('/v1/apps/a/tokens/?refresh_token=abc&x=1')).toBe(
      '/v1/apps/a/tokens/?refresh_token=[redacted]&x=1',
    );
    expect(redactUrl('/p?x=1&psg_magic_link=t0k#f')).toBe('/p?x=1&psg_magic_link=[redacted]#f');
    expect(redactUrl('/p?PSG_VERIFY_LINK=t0k')).toBe('/p?PSG_VERIFY_LINK=[redacted]');
    expect(redactUrl('/v1/apps/a/users?identifier=a%40b.co')).toBe('/v1/apps/a/users?identifier=a%40b.co');
  });
});
