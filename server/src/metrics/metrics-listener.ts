import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import Type from 'typebox';
import type { PrometheusMetrics } from './prometheus-metrics.js';

/** Where the metrics listener listens (METRICS_HOST, METRICS_PORT). */
export interface ListenAddress {
  port: number;
  host: string;
}

/** The metrics' own HTTP listener: `GET /metrics` on METRICS_HOST:METRICS_PORT, nothing else. */
export interface MetricsListener {
  /** Starts listening; answers the URL scrapers use (with the real port when METRICS_PORT is 0). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A Fastify instance apart from the public one, so no route, proxy rule or mistake there can expose the
 * metrics: only what reaches this port sees them. Scrapes are not logged (one every few seconds).
 */
export function metricsListener(
  config: ListenAddress,
  metrics: PrometheusMetrics,
  log: FastifyBaseLogger,
): MetricsListener {
  const http = Fastify({
    loggerInstance: log.child({ listener: 'metrics' }),
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  http.get(
    '/metrics',
    { schema: { response: { 200: Type.String({ description: 'Prometheus text exposition format' }) } } },
    async (_request, reply) => {
      const { text, contentType } = await metrics.exposition();
      return reply.type(contentType).send(text);
    },
  );
  return {
    async listen() {
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      try {
        await http.listen({ port: config.port, host: config.host });
      } catch (error) {
        // "address already in use" alone would not say which of the two listeners failed.
        throw new Error(
          `the metrics cannot listen on ${host}:${config.port} (METRICS_HOST, METRICS_PORT): ${(error as Error).message}`,
          { cause: error },
        );
      }
      const address = http.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://${host}:${port}/metrics`;
    },
    close: () => http.close(),
  };
}
