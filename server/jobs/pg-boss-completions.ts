import { createRequire } from 'node:module';
import type { Logger } from 'pino';

type Completion = (this: unknown, ...args: unknown[]) => Promise<unknown>;

// The same module instance pg-boss itself loads (CommonJS caches by file).
const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
  prototype: { complete: Completion; fail: Completion };
};

let log: Pick<Logger, 'warn'> | null = null;

/**
 * pg-boss 10.4 records a job's end with `complete()` or `fail()` without awaiting them (its work
 * loop in src/manager.js). When the database goes away while a job runs, that promise rejects with
 * nobody listening, and an unhandled rejection stops the process (close-with-grace): the cluster
 * test's database outage found it. Each such promise gets a listener that logs the error; callers
 * that await it still see the rejection. The job stays active, expires and is retried, as after a
 * crash. Applied once per process; the latest logger is used.
 */
export function keepUnawaitedCompletionsHandled(logger: Pick<Logger, 'warn'>): void {
  const patched = log !== null;
  log = logger;
  if (patched) return;
  for (const name of ['complete', 'fail'] as const) {
    const original = Manager.prototype[name];
    Manager.prototype[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      result.catch((err: unknown) =>
        log?.warn({ err, call: name }, 'job queue could not record how a job ended'),
      );
      return result;
    };
  }
}
