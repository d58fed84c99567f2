import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allTableWrites,
  ROOT,
  schemaTables,
  tableWrites,
  type TableWrite,
} from '../../scripts/lib/table-writes';
import { OWNED_TABLES, TABLE_OWNERS, WRITES_OUTSIDE_MODULES } from './owners';

const owners: ReadonlyMap<string, string> = TABLE_OWNERS;
const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];
const named = (write: TableWrite) => `${write.file}:${write.line} ${write.verb}s ${write.table}`;

/** A write its file may not make: another module's table, or outside the modules unlisted. */
function misplaced(write: TableWrite): string | null {
  if (write.table === null) {
    return `${write.file}:${write.line} ${write.verb}s a table the scan cannot name: pass the schema's table itself`;
  }
  const owner = owners.get(write.table);
  const writer = moduleOf(write.file);
  if (writer === undefined) {
    const allowed = WRITES_OUTSIDE_MODULES.some(
      (entry) => entry.file === write.file && entry.table === write.table,
    );
    return allowed
      ? null
      : `${named(write)} outside the modules: call the ${owner} module's function`;
  }
  return writer === owner ? null : `${named(write)}, which the ${owner} module owns`;
}

describe('one writer per table (server/db/owners.ts, ADR 076)', () => {
  const writes = allTableWrites();

  it('names one owner, an existing module, for every table of the schema and nothing else', () => {
    const tables = Object.values(OWNED_TABLES).flat();
    expect([...tables].sort()).toEqual([...schemaTables.values()].sort());
    expect(TABLE_OWNERS.size).toBe(tables.length);
    const modules = readdirSync(path.join(ROOT, 'server/modules'));
    expect(Object.keys(OWNED_TABLES).filter((owner) => !modules.includes(owner))).toEqual([]);
  });

  it('finds the writes (a scan that found none would pass anything)', () => {
    expect(writes.length).toBeGreaterThan(100);
    const writers = new Set(writes.map((write) => write.table));
    expect([...schemaTables.values()].filter((table) => !writers.has(table))).toEqual([]);
  });

  it('finds no write by a module of a table it does not own, nor outside the modules', () => {
    expect(writes.map(misplaced).filter((problem) => problem !== null)).toEqual([]);
  });

  it('lists no allowance that is no longer used', () => {
    const unused = WRITES_OUTSIDE_MODULES.filter(
      (entry) => !writes.some((write) => write.file === entry.file && write.table === entry.table),
    );
    expect(unused).toEqual([]);
  });
});

describe('the write scanner', () => {
  const scan = (text: string) =>
    tableWrites('server/modules/x/data.ts', text).map(
      ({ line, table, verb }) => `${line}: ${verb} ${table ?? '?'}`,
    );

  it('reads Drizzle writes through the schema names, renamed imports and local aliases', () => {
    const text = [
      "import { coaches, questions as q, adminAttemptLimits } from '../../db/schema';",
      "import * as schema from '../../db/schema';",
      'const limits = adminAttemptLimits;',
      'await tx.insert(coaches).values(row);',
      'await tx.update(q).set(values);',
      'await tx.delete(limits);',
      'await db.delete(schema.coachSlugs);',
      'const wipe = (table: PgTable) => tx.delete(table);',
    ].join('\n');
    expect(scan(text)).toEqual([
      '4: insert experts',
      '5: update questions',
      '6: delete admin_attempt_limits',
      '7: delete expert_slugs',
      '8: delete ?',
    ]);
  });

  it('leaves hashes and maps alone in files that do not import the schema', () => {
    const text = "createHash('sha256').update(token); seen.delete(key); tx.insert(row);";
    expect(scan(text)).toEqual([]);
  });

  it('reads SQL text in templates and strings, with tables interpolated or written out', () => {
    const text = [
      "import { coaches } from '../../db/schema';",
      'await tx.execute(sql`update ${coaches} set paused_at = null`);',
      'await tx.execute(sql`',
      '  insert into "questions" (id) values (${id})`);',
      'await client.query("DELETE FROM public.ratings WHERE id = $1", [id]);',
      "await client.query('truncate table pgboss.job');",
      'const x = `update the page so ${name} sees it`;',
    ].join('\n');
    expect(scan(text)).toEqual(['2: update experts', '4: insert questions', '5: delete ratings']);
  });
});
