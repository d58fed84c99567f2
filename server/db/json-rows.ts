import { sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Lists of rows built as JSON by PostgreSQL (ADR 035). A signed-in read returns its viewer and a
 * page of rows in one statement; selected as one JSON array in text, the page reaches Node as one
 * string already in the contract's shape, which the body sends without decoding it (ADR 072),
 * instead of a row per question with the viewer repeated on each and every field mapped by Drizzle.
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
 * LIMIT run first; nothing in this outer level reorders), or an empty array when it has no rows:
 * a list inside a body PostgreSQL writes whole (ADR 074).
 */
export const jsonArray = (subquery: Subquery & { row: SQL.Aliased }) =>
  sql`coalesce((select json_agg(${subquery.row}) from ${subquery}), '[]'::json)`;

/**
 * The first `size` rows of a keyset page as one JSON array in text, for a body that sends it as it
 * is (ADR 072): node-postgres hands text over undecoded. `ordered` selects `row` (an item's JSON in
 * its contract's shape, keys in the contract's order), `sortKey` and `id`, in the page's order and
 * at most `size + 1` rows; the one past `size` only tells that a next page exists. Joined
 * laterally, its columns are `page`, and `lastSortKey` / `lastId`: the row the next page starts
 * after, or null on the last page.
 */
export function jsonPageText(
  db: Executor,
  ordered: Subquery & { row: SQL.Aliased; sortKey: SQL.Aliased<string>; id: AnyColumn },
  size: number,
) {
  const last = sql.raw(String(size));
  // row_number() over () numbers the rows as the ordered subquery yields them, the order
  // json_agg reads them in (nothing at this level reorders).
  const numbered = sql`(select ${ordered.row} as item, ${ordered.sortKey} as sort_key,
    ${ordered.id}::text as item_id, row_number() over () as n from ${ordered}) numbered`;
  const following = sql`count(*) > ${last}`;
  return db
    .select({
      page: sql<string>`coalesce(json_agg(item) filter (where n <= ${last}), '[]')::text`.as(
        'page',
      ),
      lastSortKey: sql<
        string | null
      >`case when ${following} then max(sort_key) filter (where n = ${last}) end`.as(
        'last_sort_key',
      ),
      lastId: sql<
        string | null
      >`case when ${following} then max(item_id) filter (where n = ${last}) end`.as('last_id'),
    })
    .from(numbered)
    .as('page_text');
}
