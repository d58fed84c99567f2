/**
 * The two tables of docs/architecture.md's "Module boundaries" that the code can say for itself
 * (ADR 076): who owns (writes) each table, from `server/db/owners.ts` and the writes the owner test
 * finds, and which module imports which, from dependency-cruiser's graph. Each is written between
 * its marker comments, `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`, and the document
 * is then formatted by Prettier as `npm run lint` checks it.
 */
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { OWNED_TABLES } from '../../server/db/owners';
import { layersOf, type ModuleGraph } from '../lib/module-graph';
import { ROOT, type TableWrite } from '../lib/table-writes';

export const ARCHITECTURE_FILE = path.join(ROOT, 'docs/architecture.md');
export const COMMAND = 'npm run docs:architecture';

const code = (text: string) => `\`${text}\``;
const list = (items: string[]) => (items.length === 0 ? '—' : items.map(code).join(', '));
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const table = (header: string[], rows: string[][]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');

/** Every module, each with the tables it owns and the files (below server/modules/) that write them. */
export function ownersTable(modules: string[], writes: TableWrite[]): string {
  const owned: Record<string, readonly string[]> = OWNED_TABLES;
  const rows = modules.map((name) => {
    const tables = owned[name] ?? [];
    const files = writes
      .filter((write) => write.table !== null && tables.includes(write.table))
      .map((write) => write.file.replace(/^server\/modules\//, ''));
    return [code(name), list([...tables]), list([...new Set(files)].sort())];
  });
  return table(['module', 'owns (writes)', 'in'], rows);
}

/** Every module by layer, lowest first, with the modules whose index and data entry it imports. */
export function edgesTable(graph: ModuleGraph): string {
  const layers = layersOf(graph);
  const names = [...graph.keys()].sort(
    (a, b) => layers.get(a)! - layers.get(b)! || a.localeCompare(b),
  );
  const rows = names.map((name) => {
    const edges = [...(graph.get(name) ?? new Map())].sort(([a], [b]) => a.localeCompare(b));
    return [
      String(layers.get(name)),
      code(name),
      list(edges.filter(([, edge]) => edge.index).map(([to]) => to)),
      list(edges.filter(([, edge]) => edge.data).map(([to]) => to)),
    ];
  });
  return table(
    ['layer', 'module', 'imports the index of', 'writes through the data entry of'],
    rows,
  );
}

/** `doc` with the region `name` holding `content`; throws when the markers are missing. */
export function withRegion(doc: string, name: string, content: string): string {
  const start = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) {
    throw new Error(`docs/architecture.md needs the markers ${start} and ${end}, in that order`);
  }
  return `${doc.slice(0, from + start.length)}\n\n${content}\n\n${doc.slice(to)}`;
}

/** The architecture document as the command writes it, from its current text. */
export async function writtenArchitecture(
  doc: string,
  tables: { owners: string; edges: string },
): Promise<string> {
  const text = withRegion(withRegion(doc, 'owners', tables.owners), 'module-edges', tables.edges);
  const options = await resolveConfig(ARCHITECTURE_FILE);
  return format(text, { ...options, filepath: ARCHITECTURE_FILE });
}
