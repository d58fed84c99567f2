import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { keepUnawaitedCompletionsHandled } from './pg-boss-completions';

type Completion = (name: string, id: string) => Promise<unknown>;
const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
  prototype: { complete: Completion; fail: Completion };
};

describe("pg-boss's unawaited completions", () => {
  it('a job ending while the database is away is logged, not an unhandled rejection', async () => {
    const warn = vi.fn();
    keepUnawaitedCompletionsHandled({ warn });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      // A manager whose database is gone, as pg-boss's work loop leaves it: nobody awaits these.
      const manager = Object.assign(Object.create(Manager.prototype) as typeof Manager.prototype, {
        db: { executeSql: () => Promise.reject(new Error('connect ECONNREFUSED')) },
        completeJobsCommand: 'complete',
        failJobsByIdCommand: 'fail',
      });
      void manager.complete('mail-delivery', '00000000-0000-4000-8000-000000000001');
      void manager.fail('mail-delivery', '00000000-0000-4000-8000-000000000002');
      await sleep(50);
      expect(unhandled).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(2);
      // A caller that awaits still sees the error.
      await expect(
        manager.fail('mail-delivery', '00000000-0000-4000-8000-000000000003'),
      ).rejects.toThrow('ECONNREFUSED');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
