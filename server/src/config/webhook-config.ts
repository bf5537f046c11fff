import { ConfigError } from './config-error.js';
import type { DevMode } from './dev-mode.js';
import { optional } from './env-values.js';
import type { SettingHelp } from './setting-help.js';

/** Where webhooks may be sent and how long a receiver may take (docs/server/operations.md, "Webhooks"). */
export interface WebhookConfig {
  /** http:// endpoint URLs too (WEBHOOK_ALLOW_HTTP, or development mode); else https only. */
  allowHttp: boolean;
  /**
   * Endpoints on loopback, private, link-local and other non-public addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS,
   * or development mode); else refused, when the URL is set and again on every send (after DNS).
   */
  allowPrivateNetworks: boolean;
  /** How long one request may take, answer included (WEBHOOK_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export const WEBHOOK_SETTINGS: readonly SettingHelp[] = [
  {
    name: 'WEBHOOK_ALLOW_HTTP',
    default: 'false (true in development mode)',
    description: 'true: webhook endpoints may use http://, not only https://.',
  },
  {
    name: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    default: 'false (true in development mode)',
    description: 'true: webhook endpoints may be on loopback, private or link-local addresses.',
  },
  {
    name: 'WEBHOOK_TIMEOUT_SECONDS',
    default: '10',
    description: 'How long a webhook receiver may take to answer (1 to 60) before the try counts as failed.',
  },
];

function parseFlag(name: string, raw: string | undefined, dev: boolean): boolean {
  const value = optional(raw);
  if (value === null) return dev;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}" — for example ${name}=true`);
}

export function parseWebhookConfig(env: NodeJS.ProcessEnv, devMode: DevMode): WebhookConfig {
  const rawTimeout = optional(env.WEBHOOK_TIMEOUT_SECONDS);
  const seconds = rawTimeout === null ? 10 : Number(rawTimeout);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
    throw new ConfigError(
      `WEBHOOK_TIMEOUT_SECONDS must be a whole number from 1 to 60, got "${rawTimeout}" — for example WEBHOOK_TIMEOUT_SECONDS=10`,
    );
  }
  return {
    allowHttp: parseFlag('WEBHOOK_ALLOW_HTTP', env.WEBHOOK_ALLOW_HTTP, devMode.on),
    allowPrivateNetworks: parseFlag(
      'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
      env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      devMode.on,
    ),
    timeoutMs: seconds * 1000,
  };
}
