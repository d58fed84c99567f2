import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layersOf, moduleGraph, serverModules, type ModuleEdge } from '../lib/module-graph';
import { allTableWrites } from '../lib/table-writes';
import {
  ARCHITECTURE_FILE,
  COMMAND,
  edgesTable,
  ownersTable,
  withRegion,
  writtenArchitecture,
} from './architecture-tables-lib';

describe("docs/architecture.md's generated tables (ADR 076)", () => {
  it('are what the command writes from the owner map and the module graph', async () => {
    const doc = readFileSync(ARCHITECTURE_FILE, 'utf8');
    const tables = {
      owners: ownersTable(serverModules(), allTableWrites()),
      edges: edgesTable(moduleGraph()),
    };
    expect(doc, `docs/architecture.md is out of date: run ${COMMAND}`).toBe(
      await writtenArchitecture(doc, tables),
    );
  });
});

describe('the tables', () => {
  const edge = (entries: Partial<ModuleEdge>): ModuleEdge => ({
    index: false,
    data: false,
    ...entries,
  });
  const graph = new Map([
    ['questions', new Map([['records', edge({ data: true })]])],
    ['records', new Map<string, ModuleEdge>()],
    [
      'admin',
      new Map([
        ['questions', edge({ index: true })],
        ['records', edge({ index: true, data: true })],
      ]),
    ],
  ]);

  it('put each module a layer above the highest it imports, and refuse a cycle', () => {
    expect(Object.fromEntries(layersOf(graph))).toEqual({ records: 0, questions: 1, admin: 2 });
    const cycle = new Map([
      ['a', new Map([['b', edge({ index: true })]])],
      ['b', new Map([['a', edge({ data: true })]])],
    ]);
    expect(() => layersOf(cycle)).toThrow(/cycle/);
  });

  it('list modules lowest first with the entries they import', () => {
    expect(edgesTable(graph).split('\n').slice(2)).toEqual([
      '| 0 | `records` | — | — |',
      '| 1 | `questions` | — | `records` |',
      '| 2 | `admin` | `questions`, `records` | `records` |',
    ]);
  });

  it('name the files that write each owned table, and "—" for a module that owns none', () => {
    const writes = [
      { file: 'server/modules/mail/data.ts', line: 3, table: 'mail_outbox', verb: 'insert' },
      { file: 'server/modules/mail/data.ts', line: 9, table: 'mail_outbox', verb: 'update' },
    ] as const;
    expect(
      ownersTable(['health', 'mail'], [...writes])
        .split('\n')
        .slice(2),
    ).toEqual(['| `health` | — | — |', '| `mail` | `mail_outbox` | `mail/data.ts` |']);
  });

  it('go between their markers, which must be there', () => {
    const doc = 'a\n<!-- generated:owners -->\nold\n<!-- /generated:owners -->\nb\n';
    expect(withRegion(doc, 'owners', 'new')).toBe(
      'a\n<!-- generated:owners -->\n\nnew\n\n<!-- /generated:owners -->\nb\n',
    );
    expect(() => withRegion('a\n', 'owners', 'new')).toThrow(/markers/);
  });
});
