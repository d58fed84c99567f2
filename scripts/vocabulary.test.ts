import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** ADR 044: files are named in the code's words; only the migrations keep the spec's SQL names. */
describe('file names', () => {
  it('say Coach and Player, never expert or asker, outside the migrations', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
    const offending = files.filter(
      (file) => /expert(?!ise)|asker/i.test(file) && !file.startsWith('server/db/migrations/'),
    );
    expect(offending).toEqual([]);
  });
});
