import { sha256Hex } from './random.js';
import type { LimitPolicy } from './rate-limiter.js';

/**
 * The request limits of the identity server in one place; the wrong-code
 * budget is otp/code-failure-budget.ts.
 * Keys are built by the `keys` helpers below so features never collide.
 */
export const LIMITS = {
  /** One-time codes or magic links sent to one identifier. */
  sendPerIdentifier: { name: 'send_per_identifier', limit: 5, windowSeconds: 10 * 60 },
  /** One-time codes or magic links requested from one IP address. */
  sendPerIp: { name: 'send_per_ip', limit: 30, windowSeconds: 10 * 60 },
  /** Identifier lookups (`GET /users?identifier=`) from one IP address. */
  lookupsPerIp: { name: 'lookups_per_ip', limit: 600, windowSeconds: 60 },
  /** Users created from one IP address. */
  signupsPerIp: { name: 'signups_per_ip', limit: 30, windowSeconds: 10 * 60 },
  /** Social sign-ins started (`/social/authorize`) from one IP address: each stores a flow. */
  socialStartsPerIp: { name: 'social_starts_per_ip', limit: 60, windowSeconds: 10 * 60 },
  /** Webhook test messages queued for one app: each is sent, and retried, like an event's. */
  webhookTestsPerApp: { name: 'webhook_tests_per_app', limit: 60, windowSeconds: 10 * 60 },
} satisfies Record<string, LimitPolicy>;

/** Parts are hashed: keys stay short and the table holds no identifiers or addresses. */
const key = (kind: string, ...parts: string[]) => `${kind}:${sha256Hex(parts.join('\n')).slice(0, 40)}`;

export const limitKeys = {
  sendToIdentifier: (appId: string, identifier: string) => key('send-id', appId, identifier),
  sendFromIp: (appId: string, ip: string) => key('send-ip', appId, ip),
  lookupFromIp: (appId: string, ip: string) => key('lookup-ip', appId, ip),
  signupFromIp: (appId: string, ip: string) => key('signup-ip', appId, ip),
  socialStartFromIp: (appId: string, ip: string) => key('social-ip', appId, ip),
  webhookTestsOfApp: (appId: string) => key('webhook-tests', appId),
};
