import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/server-process';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const guide = read('docs/operations.md');

describe('the operator’s guide (docs/operations.md)', () => {
  it('shows the very HAProxy configuration the cluster tests run', () => {
    const shown = /```haproxy\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(shown).toBe(read('deploy/haproxy.cfg'));
  });

  it('lists every setting server/config.ts reads in its Configuration table', () => {
    const settings = [...read('server/config.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map(
      (m) => m[1],
    );
    expect(settings.length).toBeGreaterThan(40);
    const table = guide.slice(guide.indexOf('## Configuration'), guide.indexOf('## Backups'));
    expect(settings.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });
});
