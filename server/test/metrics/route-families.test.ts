import { describe, expect, it } from 'vitest';
import { routeFamily } from '../../src/metrics/route-families.js';

describe('route families of the latency histogram', () => {
  it('group route patterns by feature, the sign-in steps by method', () => {
    const families = {
      '/v1/health': 'health',
      '/v1/openapi.json': 'openapi',
      '/v1/apps/:appId': 'app_info',
      '/v1/apps/:appId/users/:userId/devices/:deviceId': 'users',
      '/v1/apps/:appId/tokens': 'tokens',
      '/v1/apps/:appId/.well-known/jwks.json': 'well_known',
      '/v1/apps/:appId/currentuser/devices/start': 'current_user',
      '/v1/apps/:appId/login/otp': 'otp',
      '/v1/apps/:appId/register/otp': 'otp',
      '/v1/apps/:appId/otp/activate': 'otp',
      '/v1/apps/:appId/login/magic-link': 'magic_link',
      '/v1/apps/:appId/magic-link/status': 'magic_link',
      '/v1/apps/:appId/magic-links': 'magic_link',
      '/v1/apps/:appId/register/webauthn/finish': 'passkey',
      '/v1/apps/:appId/login/webauthn/start': 'passkey',
      '/v1/apps/:appId/social/authorize': 'social',
      '/v1/apps/:appId/login/unknown': 'app_other',
      '/v1/apps/:appId/something-new': 'app_other',
      '/api/v1.0/email/send-form': 'contact',
      '/admin/v1/apps/:appId/users/import': 'admin',
      '/dev/outbox': 'dev',
      '/assets/app.js': 'site',
      '*': 'preflight',
    };
    for (const [pattern, family] of Object.entries(families))
      expect(routeFamily(pattern), pattern).toBe(family);
  });

  it('put requests no route matched in one family', () => {
    expect(routeFamily(undefined)).toBe('unmatched');
  });
});
