import { ConfigError } from './config-error.js';
import { optional } from './env-values.js';

/** Where the Prometheus endpoint listens: its own port, never the public one (docs/server/operations.md). */
export interface MetricsListenerConfig {
  port: number;
  host: string;
}

/** Loopback unless METRICS_HOST says otherwise: metrics are for the operator's scraper, not the world. */
const DEFAULT_METRICS_HOST = '127.0.0.1';

/**
 * METRICS_PORT and METRICS_HOST: unset port, no metrics at all. A port is a whole number from 0 (a free
 * one) to 65535 and must differ from the public PORT; a host without a port is refused rather than ignored,
 * since whoever set it expects metrics.
 */
export function parseMetricsConfig(env: NodeJS.ProcessEnv, publicPort: number): MetricsListenerConfig | null {
  const rawPort = optional(env.METRICS_PORT);
  const host = optional(env.METRICS_HOST);
  if (rawPort === null) {
    if (host !== null) {
      throw new ConfigError(
        `METRICS_HOST is set ("${host}") but METRICS_PORT is not: metrics stay off without a port — for example METRICS_PORT=9464`,
      );
    }
    return null;
  }
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new ConfigError(
      `METRICS_PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${env.METRICS_PORT}" — for example METRICS_PORT=9464`,
    );
  }
  if (port !== 0 && port === publicPort) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (both ${port}): metrics are never served on the public port — for example METRICS_PORT=9464`,
    );
  }
  return { port, host: host ?? DEFAULT_METRICS_HOST };
}
