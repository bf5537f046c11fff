import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ListenAddress, type MetricsListener, metricsListener } from './metrics-listener.js';
import { type GaugeSources, PrometheusMetrics } from './prometheus-metrics.js';
import type { MetricsRecorder } from './recorder.js';
import { routeFamily } from './route-families.js';

/** Metrics on: what the features report to, and the listener that serves it. */
export interface ServerMetrics {
  recorder: MetricsRecorder;
  listener: MetricsListener;
}

/**
 * Turns the metrics on for the public server `http` (call it before its routes are registered): times
 * its answers by route family and builds the metrics' own listener, which the caller starts. This module
 * is loaded only with METRICS_PORT set, so prom-client costs nothing when metrics are off.
 */
export function enableMetrics(
  config: ListenAddress,
  http: FastifyInstance,
  sources: GaugeSources,
  log: FastifyBaseLogger,
): ServerMetrics {
  const metrics = new PrometheusMetrics(sources);
  // A callback hook, not an async one: no promise per request.
  http.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(routeFamily(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return { recorder: metrics, listener: metricsListener(config, metrics, log) };
}
