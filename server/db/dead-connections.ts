import type pg from 'pg';

/** node-postgres's error when `query_timeout` passes with no answer from the server. */
const READ_TIMEOUT = 'Query read timeout';

/**
 * Ends a pool connection whose query got no answer in time. node-postgres fails the query but keeps
 * the connection, which still waits for that answer: every later query on it would queue behind
 * it, and a transaction hands it back to the pool as if healthy, so a connection cut without a
 * word would stay stuck after the database came back. Ending it closes the socket (pg destroys it
 * when a query is in flight), and the pool opens a fresh one when needed (ADR 045).
 */
export function endOnReadTimeout(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const endIfTimedOut = (err: unknown) => {
    if (err instanceof Error && err.message === READ_TIMEOUT) void client.end().catch(() => {});
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // The pool's own `pool.query` passes a callback.
      args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
        endIfTimedOut(err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(endIfTimedOut);
    return result;
  }) as typeof client.query;
}
