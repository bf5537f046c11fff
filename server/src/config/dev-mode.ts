import { isLoopbackUrl } from '../security/loopback.js';
import { ConfigError } from './config-error.js';

/**
 * Development mode: the dev outbox (every one-time code and magic link the server "sends"), the view
 * gallery and the debug panel, and no need for SMTP_URL / SMS_PROVIDER (docs/server/configuration.md,
 * "Development mode"). `because` says which settings decided it, for the start banner and the errors.
 */
export interface DevMode {
  on: boolean;
  because: string;
}

const LOOPBACK_URLS = 'http://localhost:<port>, http://127.0.0.1:<port> or http://[::1]:<port>';

/**
 * DEV_MODE=true (or --dev) turns it on, DEV_MODE=false off; unset, it is on when PUBLIC_URL is a loopback
 * URL and NODE_ENV is not production. It never runs with a PUBLIC_URL naming another host: the outbox
 * would then hold codes of users elsewhere, and the /dev/ pages answer this machine only anyway.
 */
export function decideDevMode(env: NodeJS.ProcessEnv, publicUrl: string): DevMode {
  const raw = env.DEV_MODE?.trim() ?? '';
  const production = env.NODE_ENV === 'production';
  const loopback = isLoopbackUrl(publicUrl);
  if (raw === 'true') {
    if (production) {
      throw new ConfigError(
        'DEV_MODE=true (or --dev) and NODE_ENV=production contradict each other: unset one of them ' +
          '(for production, leave DEV_MODE unset or set DEV_MODE=false).',
      );
    }
    if (!loopback) {
      throw new ConfigError(
        `DEV_MODE=true (or --dev) serves every one-time code and magic link at /dev/outbox, so it runs only ` +
          `with a loopback PUBLIC_URL (${LOOPBACK_URLS}); PUBLIC_URL is "${publicUrl}". On a server others ` +
          'reach, leave DEV_MODE unset and set SMTP_URL (and SMS_PROVIDER for apps with phone identifiers).',
      );
    }
    return { on: true, because: 'DEV_MODE=true' };
  }
  if (raw === 'false') return { on: false, because: 'DEV_MODE=false' };
  if (raw !== '') {
    throw new ConfigError(
      `DEV_MODE must be true or false, got "${env.DEV_MODE}" — for example DEV_MODE=true; ` +
        'unset, development mode is on when PUBLIC_URL is a loopback URL and NODE_ENV is not production.',
    );
  }
  if (production) return { on: false, because: 'NODE_ENV=production' };
  if (!loopback) return { on: false, because: `PUBLIC_URL ${publicUrl} is not a loopback URL` };
  return { on: true, because: `PUBLIC_URL ${publicUrl} is a loopback URL and NODE_ENV is not production` };
}
