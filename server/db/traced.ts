import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { bindToActiveContext, endSpan, SpanKind, startSpan } from '../observability';

/**
 * Database spans (ADR 051), installed only when tracing is on: every statement a connection runs
 * is a client span, a child of the span active when it was issued (the request's, for a request).
 * The span carries the statement's text, never its parameters.
 */
function spanOf(text: string, system: 'postgresql' | 'pglite') {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return startSpan(`db ${operation}`, SpanKind.CLIENT, {
    'db.system': system === 'pglite' ? 'postgresql' : system,
    'db.operation.name': operation,
    'db.query.text': text,
    ...(system === 'pglite' ? { 'db.client': 'pglite' } : {}),
  });
}

const textOf = (first: unknown): string | undefined =>
  typeof first === 'string'
    ? first
    : typeof (first as { text?: unknown } | null)?.text === 'string' &&
        (first as { submit?: unknown }).submit === undefined
      ? (first as { text: string }).text
      : undefined;

/** Wraps node-postgres's `client.query` (promise and callback forms) in a span per statement. */
export function traceClient(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const text = textOf(args[0]);
    if (text === undefined) return query(...args);
    const span = spanOf(text, 'postgresql');
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: Error | null, ...rest: unknown[]) => {
        endSpan(span, err ?? undefined);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        endSpan(span);
        return result;
      },
      (err: unknown) => {
        endSpan(span, err);
        throw err;
      },
    );
  }) as typeof client.query;
}

/**
 * A pool hands out a free connection to a waiting request from whichever request freed it: the
 * callback is bound to the context of the caller, so the statement's span has the right parent.
 */
export function tracePool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((callback?: (...args: never[]) => unknown) =>
    callback ? connect(bindToActiveContext(callback)) : connect()) as typeof pool.connect;
}

type Queryable = Pick<PGlite | PgliteTransaction, 'query' | 'exec'>;

function traceQueryable(target: Queryable): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  const traced =
    <A extends unknown[], R>(run: (text: string, ...rest: A) => Promise<R>) =>
    async (text: string, ...rest: A): Promise<R> => {
      const span = spanOf(text, 'pglite');
      try {
        const result = await run(text, ...rest);
        endSpan(span);
        return result;
      } catch (err) {
        endSpan(span, err);
        throw err;
      }
    };
  target.query = traced(query) as typeof target.query;
  target.exec = traced(exec) as typeof target.exec;
}

/** The embedded database's statements as spans, those inside its transactions included. */
export function tracePglite(client: PGlite): void {
  traceQueryable(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(fn: (tx: PgliteTransaction) => Promise<T>) =>
    transaction((tx) => {
      traceQueryable(tx);
      return fn(tx);
    })) as typeof client.transaction;
}
