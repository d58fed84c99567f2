/** Metrics and traces (ADR 051): what the rest of the server uses of `server/observability/`. */
export {
  createMetrics,
  type Metrics,
  type MoneyMovementKind,
  type PoolStats,
  type QueueDepth,
} from './metrics';
export { observeRequests } from './http';
export { metricsRoutes, startMetricsServer } from './routes';
export {
  bindToActiveContext,
  endSpan,
  inSpan,
  SpanKind,
  startSpan,
  startTracing,
  tracedAdapter,
  tracingEnabled,
  type Tracing,
} from './tracing';
