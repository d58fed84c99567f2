import type { Span } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics';
import { endSpan, SpanKind, startSpan, tracingEnabled, withActiveSpan } from './tracing';

declare module 'fastify' {
  interface FastifyRequest {
    /** process.hrtime of the request's arrival, for the latency histogram. */
    startedAt?: bigint;
    /** The request's server span, when tracing is on. */
    span?: Span;
  }
}

/** What a request the router matched no route for is counted as: never its raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Measures every request (ADR 051): latency and status by route pattern (`routeOptions.url`, so
 * `/api/questions/:id` is one series however many questions there are), and, with tracing on, a
 * server span per request that is the active span while the hooks and the handler run, so the
 * database and provider spans they cause are its children.
 */
export const observeRequests = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    const tracing = tracingEnabled();
    app.addHook('onRequest', (request, _reply, done) => {
      request.startedAt = process.hrtime.bigint();
      if (!tracing) return done();
      request.span = startSpan(request.method, SpanKind.SERVER, {
        'http.request.method': request.method,
        'url.path': request.url.split('?')[0] ?? '',
      });
      withActiveSpan(request.span, done);
    });
    if (tracing) {
      // A body is read from the socket's events, outside the context set above: the handler's
      // context is set again once the body is in.
      app.addHook('preHandler', (request, _reply, done) => {
        if (request.span) withActiveSpan(request.span, done);
        else done();
      });
    }
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const seconds = Number(process.hrtime.bigint() - (request.startedAt ?? 0n)) / 1e9;
      metrics.observeRequest(request.method, route, reply.statusCode, seconds);
      const span = request.span;
      if (span) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('http.route', route);
        span.setAttribute('http.response.status_code', reply.statusCode);
        endSpan(
          span,
          reply.statusCode >= 500 ? new Error(`status ${reply.statusCode}`) : undefined,
        );
      }
      done();
    });
  },
  { name: 'observe-requests' },
);
