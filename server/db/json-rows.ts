import { sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';

/**
 * Lists of rows built as JSON by PostgreSQL (ADR 035). A signed-in read returns its viewer and a
 * page of rows in one statement; selected as one JSON array, the page reaches Node as one value
 * that node-postgres decodes with a single JSON.parse, already in the contract's shape, instead of
 * a row per question with the viewer repeated on each and every field mapped by Drizzle.
 */

/**
 * A timestamp as the contracts send it: ISO 8601 in UTC with milliseconds (`Date#toISOString`). The
 * colons are quoted text of the format, so no `:name` appears in the statement for pgbench (the
 * bench runs these statements) to take for one of its variables.
 */
export const isoTime = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"')`;

/**
 * One JSON object per row, keyed like `fields` (names from the code, never from input). The type
 * says what each key holds once decoded: timestamps go through `isoTime`, so no Date survives.
 */
export function jsonObject<T>(fields: { [K in keyof T]: AnyColumn | SQL }): SQL<T> {
  const pairs = Object.entries<AnyColumn | SQL>(fields).map(
    ([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`,
  );
  return sql<T>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The `row` column of a subquery as one JSON array, in the subquery's order (its ORDER BY and
 * LIMIT run first; nothing in this outer level reorders), or an empty array when it has no rows.
 */
export const jsonArray = <T>(subquery: Subquery & { row: SQL.Aliased<T> }) =>
  sql<T[]>`coalesce((select json_agg(${subquery.row}) from ${subquery}), '[]'::json)`;
