import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DatabaseInUseError } from './data-dir-lock';
import { migratedDataDir, PGLITE_PROCESS_TIMEOUT_MS } from '../test/harness';

describe('the embedded database directory', () => {
  it(
    'belongs to one opener at a time, and is free again once closed',
    async () => {
      // A migrated copy: what is under test is the lock, not initdb and the migrations.
      const dataDir = await migratedDataDir('playbook-lock-');
      try {
        const first = await openDatabase({ dataDir });
        const second = openDatabase({ dataDir });
        await expect(second).rejects.toThrow(DatabaseInUseError);
        await expect(second).rejects.toThrow(/is in use by another process/);
        await first.close();
        const again = await openDatabase({ dataDir });
        expect(await again.ping()).toBe(true);
        await again.close();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    PGLITE_PROCESS_TIMEOUT_MS,
  );
});
