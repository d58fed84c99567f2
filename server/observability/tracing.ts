import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces (ADR 051). The API (`@opentelemetry/api`) is a no-op until a provider is
 * registered, and none is unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then `startTracing` loads the
 * SDK and the OTLP exporter. The spans are made by our own code (a Fastify hook, wrappers around
 * the database clients and the provider adapters), not by require-hooks: the server is bundled by
 * esbuild, and with tracing off nothing is wrapped at all.
 */
let enabled = false;

/** Whether spans are recorded: decides, at start-up, whether anything gets wrapped. */
export const tracingEnabled = () => enabled;

const tracer = (): Tracer => trace.getTracer('playbook');

export interface Tracing {
  /** Exports what is pending and stops recording. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where spans go, over OTLP (HTTP, JSON). */
  endpoint?: string;
  serviceName: string;
  /** Tests: spans go here, one at a time, instead of over OTLP. */
  exporter?: SpanExporter;
}

/**
 * Starts recording when an endpoint (or a test's exporter) is given; otherwise loads nothing and
 * returns null. Must run before the database opens and the app is built, which read
 * `tracingEnabled()` to decide whether to wrap.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing | null> {
  if (!options.endpoint && !options.exporter) return null;
  const [sdk, { AsyncLocalStorageContextManager }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
  ]);
  const processor = options.exporter
    ? new sdk.SimpleSpanProcessor(options.exporter)
    : new sdk.BatchSpanProcessor(await otlpExporter(options.endpoint ?? ''));
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  return {
    async shutdown() {
      enabled = false;
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

async function otlpExporter(endpoint: string): Promise<SpanExporter> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  // The OTLP convention: the traces path under the endpoint the variable names.
  return new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
}

/** Starts a span, a child of the active one; the caller ends it. */
export const startSpan = (name: string, kind: SpanKind, attributes: Attributes = {}): Span =>
  tracer().startSpan(name, { kind, attributes });

/** Ends a span as failed with the error, or as done. */
export function endSpan(span: Span, err?: unknown): void {
  if (err !== undefined) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Runs `fn` in a span that is active for everything it calls. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  const span = startSpan(name, kind, attributes);
  try {
    const result = await context.with(trace.setSpan(context.active(), span), fn);
    endSpan(span);
    return result;
  } catch (err) {
    endSpan(span, err);
    throw err;
  }
}

/** Runs `fn` with `span` as the active span (its database calls become its children). */
export const withActiveSpan = <T>(span: Span, fn: () => T): T =>
  context.with(trace.setSpan(context.active(), span), fn);

/** A function called back later still runs in the span context of now. */
export const bindToActiveContext = <F extends (...args: never[]) => unknown>(fn: F): F =>
  context.bind(context.active(), fn);

/**
 * An adapter (payment provider, mail transport) whose every method call is a client span named
 * `<component>.<method>`. Used only when tracing is on.
 */
export function tracedAdapter<T extends object>(component: string, adapter: T): T {
  const traced: Record<string, unknown> = { ...(adapter as Record<string, unknown>) };
  for (const [key, value] of Object.entries(adapter)) {
    if (typeof value !== 'function') continue;
    const method = value as (...args: unknown[]) => unknown;
    traced[key] = (...args: unknown[]) =>
      inSpan(`${component}.${key}`, SpanKind.CLIENT, { 'peer.service': component }, async () =>
        method.apply(adapter, args),
      );
  }
  return traced as T;
}

export { SpanKind };
