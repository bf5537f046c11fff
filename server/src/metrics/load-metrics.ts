import type { FastifyInstance } from 'fastify';
import type { ListenAddress } from './metrics-listener.js';
import type { GaugeSources } from './prometheus-metrics.js';
import type { ServerMetrics } from './server-metrics.js';

/**
 * The metrics when METRICS_PORT is set, else null. prom-client and the metrics code are imported only
 * then, so a server without metrics neither loads nor runs any of it.
 */
export async function loadMetrics(
  config: ListenAddress | null,
  http: FastifyInstance,
  sources: GaugeSources,
): Promise<ServerMetrics | null> {
  if (!config) return null;
  const { enableMetrics } = await import('./server-metrics.js');
  return enableMetrics(config, http, sources, http.log);
}
