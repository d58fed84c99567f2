import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /metrics` on the app's port (ADR 051): served only when METRICS_TOKEN is set and the
 * request carries it as `Authorization: Bearer <token>` (401 otherwise); without METRICS_TOKEN it
 * is 404, as if it were not there. Outside `/api/`, so the beta gate does not apply, and no rate
 * limit: Prometheus scrapes each process every few seconds.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token?: string }> = async (
  app,
  { metrics, token },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    }
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
};

/**
 * METRICS_PORT: `/metrics` without a token on a port of its own, bound to METRICS_HOST
 * (127.0.0.1 unless told otherwise), for a Prometheus or agent on the same machine or network.
 * Anything else on that port is 404.
 */
export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
