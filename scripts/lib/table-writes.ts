/**
 * Every insert, update and delete the code makes, read from its syntax (ADR 076): Drizzle's
 * `.insert(table)`, `.update(table)` and `.delete(table)`, and SQL text that writes a table in a
 * `sql` template or a string. The owner test holds them to `server/db/owners.ts`, and the
 * architecture's ownership table names the files they are in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../../server/db/schema';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type WriteVerb = 'insert' | 'update' | 'delete';

export interface TableWrite {
  /** From the repository's root, with forward slashes. */
  file: string;
  line: number;
  /**
   * The SQL name; null for a Drizzle-shaped write, in a file that imports the schema, whose table
   * is not one the scan can name (a parameter, say): it could hide a write, so it is reported.
   */
  table: string | null;
  verb: WriteVerb;
}

/** Each table of the schema by the name it is exported as: `coaches` -> `experts`. */
export const schemaTables: ReadonlyMap<string, string> = new Map(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
);

/**
 * The code whose writes count: the server's source (not its tests, test helpers or migrations)
 * and the demo seed, which fills a database through the owners' functions like the app does.
 */
export function writingFiles(): string[] {
  const server = walk(path.join(ROOT, 'server')).filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !file.startsWith('server/test/') &&
      !file.startsWith('server/db/migrations/'),
  );
  return [...server, 'scripts/seed-demo.ts'].sort();
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return [path.relative(ROOT, full).split(path.sep).join('/')];
  });
}

/** Every write in the files `writingFiles` names. */
export const allTableWrites = (): TableWrite[] =>
  writingFiles().flatMap((file) => tableWrites(file, readFileSync(path.join(ROOT, file), 'utf8')));

const SQL_TABLE_NAMES = new Set(schemaTables.values());
const DRIZZLE_WRITES = new Set<string>(['insert', 'update', 'delete']);
/** A table written by SQL text: quoted or not, maybe schema-qualified, maybe `only`. */
const NAME = String.raw`(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?`;
const SQL_WRITES: [WriteVerb, RegExp][] = [
  ['insert', new RegExp(String.raw`\binsert\s+into\s+${NAME}`, 'gi')],
  ['insert', new RegExp(String.raw`\bmerge\s+into\s+${NAME}`, 'gi')],
  ['update', new RegExp(String.raw`\bupdate\s+${NAME}(?:\s+(?:as\s+)?\w+)?\s+set\b`, 'gi')],
  ['delete', new RegExp(String.raw`\bdelete\s+from\s+${NAME}`, 'gi')],
  ['delete', new RegExp(String.raw`\btruncate\s+(?:table\s+)?${NAME}`, 'gi')],
];

/** The writes in one file's text. */
export function tableWrites(file: string, text: string): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const { tableOf, importsSchema } = tableNamesIn(source);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const writes: TableWrite[] = [];

  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      DRIZZLE_WRITES.has(node.expression.name.text) &&
      node.arguments[0]
    ) {
      const table = tableOf(node.arguments[0]) ?? null;
      if (table !== null || importsSchema) {
        const verb = node.expression.name.text as WriteVerb;
        writes.push({ file, line: lineOf(node.expression.name.getStart()), table, verb });
      }
    }
    const sqlText = sqlTextOf(node, tableOf);
    if (sqlText !== null) {
      for (const [verb, pattern] of SQL_WRITES) {
        for (const match of sqlText.matchAll(pattern)) {
          const table = match[1]!;
          if (SQL_TABLE_NAMES.has(table)) {
            const line = lineOf(node.getStart()) + newlines(sqlText.slice(0, match.index));
            writes.push({ file, line, table, verb });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes.sort((a, b) => a.line - b.line);
}

/**
 * Resolves an expression to the SQL name of the table it is: a name imported from the schema (as
 * itself or renamed), `schema.table` through a namespace import, or a local alias of either.
 */
function tableNamesIn(source: ts.SourceFile) {
  let importsSchema = false;
  const local = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      !/(^|\/)db\/schema$/.test(statement.moduleSpecifier.text)
    ) {
      continue;
    }
    importsSchema = true;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const table = schemaTables.get((element.propertyName ?? element.name).text);
        if (table) local.set(element.name.text, table);
      }
    }
  }
  const resolve = (node: ts.Expression): string | undefined => {
    if (ts.isIdentifier(node)) return local.get(node.text);
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      return schemaTables.get(node.name.text);
    }
    return undefined;
  };
  // `const limits = adminAttemptLimits;` names the table again, anywhere in the file.
  const aliases = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const table = resolve(node.initializer);
      if (table) local.set(node.name.text, table);
    }
    ts.forEachChild(node, aliases);
  };
  aliases(source);
  return { tableOf: resolve, importsSchema };
}

const newlines = (text: string) => text.split('\n').length - 1;

/**
 * A string or template literal's text as written (so its lines are the file's), with each
 * `${table}` as the table's SQL name (as Drizzle's `sql` writes it) and any other interpolation as
 * a placeholder; null for other nodes.
 */
function sqlTextOf(node: ts.Node, tableOf: (node: ts.Expression) => string | undefined) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return node.getText().slice(1, -1);
  }
  if (!ts.isTemplateExpression(node)) return null;
  let text = node.head.rawText ?? node.head.text;
  for (const span of node.templateSpans) {
    text += `${tableOf(span.expression) ?? '$'}${span.literal.rawText ?? span.literal.text}`;
  }
  return text;
}
