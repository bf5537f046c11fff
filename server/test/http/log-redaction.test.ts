import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrl } from '../../src/http/log-redaction.js';

describe('redactUrl', () => {
  it('masks secret query parameters and keeps the rest', () => {
    expect(redactUrl('/v1/apps/a/tokens/?refresh_token=abc&x=1')).toBe(
      '/v1/apps/a/tokens/?refresh_token=[redacted]&x=1',
    );
    expect(redactUrl('/p?x=1&psg_magic_link=t0k')).toBe('/p?x=1&psg_magic_link=[redacted]');
    expect(redactUrl('/p?PSG_VERIFY_LINK=t0k')).toBe('/p?PSG_VERIFY_LINK=[redacted]');
    expect(redactUrl('/v1/apps/a/users?identifier=a%40b.co')).toBe('/v1/apps/a/users?identifier=a%40b.co');
  });

  it('masks them however their name is spelled, wherever the router reads a query', () => {
    // The query parser decodes names, and the router starts a query at `#` too: each reaches the route.
    expect(redactUrl('/v1/apps/a/tokens?refresh%5Ftoken=abc')).toBe(
      '/v1/apps/a/tokens?refresh%5Ftoken=[redacted]',
    );
    expect(redactUrl('/v1/apps/a/tokens#refresh_token=abc')).toBe(
      '/v1/apps/a/tokens#refresh_token=[redacted]',
    );
    expect(redactUrl('http://host/p?%70sg_magic_link=t0k&x=%zz')).toBe(
      'http://host/p?%70sg_magic_link=[redacted]&x=%zz',
    );
    expect(redactUrl('/p?x=1&psg_magic_link=t0k#f&code=1')).toBe(
      '/p?x=1&psg_magic_link=[redacted]&code=[redacted]',
    );
  });
});

describe('redactUrl on SMS delivery receipts', () => {
  it("masks the number, sender, API key and signature of Vonage's GET receipts", () => {
    const url =
      '/v1/sms/status/vonage?msisdn=4915112345678&to=Shop&messageId=0A01&status=delivered&api-key=vo-key&sig=AB12';
    expect(redactUrl(url)).toBe(
      '/v1/sms/status/vonage?msisdn=[redacted]&to=[redacted]&messageId=0A01&status=delivered&api-key=[redacted]&sig=[redacted]',
    );
    expect(redactUrl('/v1/sms/status/vonage?MSISDN=49151&%61pi-key=k')).toBe(
      '/v1/sms/status/vonage?MSISDN=[redacted]&%61pi-key=[redacted]',
    );
  });
});

describe('redactSecrets', () => {
  it('censors secret keys at the top level and one level down, and leaves other lines as they are', () => {
    const line = { event: 'code.sent', otp: '123456', user: { refresh_token: 'rt', email: 'a@b.example' } };
    expect(redactSecrets(line)).toEqual({
      event: 'code.sent',
      otp: '[redacted]',
      user: { refresh_token: '[redacted]', email: 'a@b.example' },
    });
    expect(line.otp).toBe('123456'); // the caller's object is not changed
    const clean = { event: 'login.success', userId: 'u1' };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('keeps an error code at the top level but censors a nested code and any header spelling', () => {
    expect(redactSecrets({ code: 'invalid_request', params: { code: '654321' } })).toEqual({
      code: 'invalid_request',
      params: '[redacted]',
    });
    expect(redactSecrets({ headers: { Authorization: 'Bearer x', 'content-type': 'a' } })).toEqual({
      headers: { Authorization: '[redacted]', 'content-type': 'a' },
    });
    expect(redactSecrets({ body: { code: '654321' } })).toEqual({ body: { code: '[redacted]' } });
  });
});
