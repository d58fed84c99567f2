import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childArgs } from '../test/children';
import { openDatabase } from './client';
import { DatabaseInUseError } from './data-dir-lock';
import { migratedDataDir, PGLITE_PROCESS_TIMEOUT_MS } from '../test/harness';

/** Another process takes the directory's lock, as a running server does. */
function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, childArgs('hold-data-dir', dataDir), {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('held')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
}

describe('the embedded database lock of another process', () => {
  let dataDir = '';
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'is taken over at once when that process was killed',
    async () => {
      // A migrated copy, so the open after the takeover starts PGlite without initdb and migrations.
      dataDir = await migratedDataDir('playbook-lock-');
      const holding = await holdInAnotherProcess(dataDir);
      holding.kill('SIGKILL');
      await once(holding, 'exit');
      // Its lock is seconds old, far from stale by age: the dead pid is what frees it.
      const handle = await openDatabase({ dataDir });
      expect(await handle.ping()).toBe(true);
      await handle.close();
    },
    PGLITE_PROCESS_TIMEOUT_MS,
  );

  it(
    'still refuses while that process runs',
    async () => {
      // The lock refuses before PGlite starts: an empty directory is enough.
      dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-lock-'));
      const holding = await holdInAnotherProcess(dataDir);
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseInUseError);
      } finally {
        holding.kill('SIGKILL');
        await once(holding, 'exit');
      }
    },
    PGLITE_PROCESS_TIMEOUT_MS,
  );
});
