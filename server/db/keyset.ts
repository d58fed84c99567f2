import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../errors';

/**
 * Keyset pagination: a page starts after the (sort value, id) of the previous page's last row, so
 * reading page 40,000 of a million rows costs what page 1 costs, as long as an index on
 * (sort column, id) exists. The cursor is opaque to clients.
 */
export interface KeysetSpec {
  /** A column, or an expression the page's index or its few rows can order by. */
  sort: AnyColumn | SQL;
  /** The SQL type the sort value is cast back to when it returns in a cursor. */
  sortType: 'timestamptz' | 'text' | 'integer';
  id: AnyColumn;
  idType: 'uuid' | 'text';
  direction: 'asc' | 'desc';
  cursor: string | undefined;
}

/** The range of PostgreSQL's `integer`, the type of every count, price and rating a page sorts by. */
const INTEGER_MIN = -(2 ** 31);
const INTEGER_MAX = 2 ** 31 - 1;
/** PostgreSQL takes a time zone offset of at most 15:59 either way. */
const OFFSET_MAX_HOURS = 15;

/**
 * A cursor's parts are cast in SQL, so each is checked against the type of what its page sorts by
 * first: a forged one is a 400, never a 500 from the cast (issue 21: an integer past the type's
 * range, an offset of +10:99).
 */
const KEY_CHECKS: Record<
  KeysetSpec['sortType'] | KeysetSpec['idType'],
  (value: string) => boolean
> = {
  timestamptz: isRealTimestamp,
  text: (value) => /^[^\0]{0,400}$/.test(value),
  integer: (value) =>
    /^-?\d{1,10}$/.test(value) && Number(value) >= INTEGER_MIN && Number(value) <= INTEGER_MAX,
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
};

/**
 * A timestamp as PostgreSQL writes one (`2026-11-25 13:30:35.123456+00`, `...+05:30`) that it
 * will read back: the shape alone lets through month 13, February 30 or an offset of +10:99, which
 * the cast then refuses with a 500.
 */
function isRealTimestamp(value: string): boolean {
  const parts =
    /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/.exec(
      value,
    );
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  // Date.UTC rolls an impossible field over into the next one, so a round trip shows it.
  const date = new Date(Date.UTC(year ?? NaN, (month ?? NaN) - 1, day, hour, minute, second));
  return (
    (offsetHours ?? Infinity) <= OFFSET_MAX_HOURS &&
    (offsetMinutes ?? Infinity) <= 59 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month ?? NaN) - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

function decode(cursor: string, spec: KeysetSpec): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      KEY_CHECKS[spec.sortType](value[0]) &&
      KEY_CHECKS[spec.idType](value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // fall through to the one error below
  }
  throw badRequest('Invalid page cursor.');
}

/** The rows after (value, id) in the page's order. */
function afterCondition(spec: Omit<KeysetSpec, 'cursor'>, value: unknown, id: unknown): SQL {
  const cmp = sql.raw(spec.direction === 'asc' ? '>' : '<');
  return sql`(${spec.sort}, ${spec.id}) ${cmp} (cast(${value} as ${sql.raw(spec.sortType)}), cast(${id} as ${sql.raw(spec.idType)}))`;
}

/** ORDER BY and the select field a page needs for its next cursor. */
function ordering(spec: Omit<KeysetSpec, 'cursor'>) {
  const orderBy =
    spec.direction === 'asc' ? [asc(spec.sort), asc(spec.id)] : [desc(spec.sort), desc(spec.id)];
  // Selected as text, so a timestamp keeps its microseconds in the cursor.
  const sortKey = sql<string>`${spec.sort}::text`;
  return { orderBy, sortKey };
}

/** The WHERE condition, ORDER BY and the select field a page needs for its next cursor. */
export function keyset(spec: KeysetSpec) {
  const after = spec.cursor ? afterCondition(spec, ...decode(spec.cursor, spec)) : undefined;
  return { after, ...ordering(spec) };
}

/**
 * The same for a prepared statement: `after` reads the cursor from the placeholders `afterSort`
 * and `afterId`, whose values `params` decodes from a cursor.
 */
export function preparedKeyset(spec: Omit<KeysetSpec, 'cursor'>) {
  return {
    after: afterCondition(spec, sql.placeholder('afterSort'), sql.placeholder('afterId')),
    params: (cursor: string) => {
      const [afterSort, afterId] = decode(cursor, { ...spec, cursor });
      return { afterSort, afterId };
    },
    ...ordering(spec),
  };
}

/** `preparedKeyset` paging by a timestamp and a uuid id. */
export const preparedByTime = (sort: AnyColumn | SQL, id: AnyColumn, direction: 'asc' | 'desc') =>
  preparedKeyset({ sort, sortType: 'timestamptz', id, idType: 'uuid', direction });

/**
 * Pages by a timestamp and a uuid id, newest or oldest first: the common case, served by an index
 * ending in those two columns.
 */
export const byTime = (
  sort: AnyColumn,
  id: AnyColumn,
  direction: 'asc' | 'desc',
  cursor: string | undefined,
) => keyset({ sort, sortType: 'timestamptz', id, idType: 'uuid', direction, cursor });

/**
 * Reads one more row than the page holds, to know whether a next page exists. The sort key only
 * feeds the cursor, so rows reach `map` without it; without `map` they are returned as they are.
 */
export function toPage<T extends { sortKey: string; id: string }, R = Omit<T, 'sortKey'>>(
  rows: T[],
  limit: number,
  map: (row: Omit<T, 'sortKey'>) => R = (row) => row as R,
) {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor = rows.length > limit && last ? cursorAt(last.sortKey, last.id) : null;
  return { rows: pageRows.map(({ sortKey: _, ...row }) => map(row)), nextCursor };
}

/** The cursor of the page that starts after the row with this sort key and id. */
export const cursorAt = (sortKey: string, id: string) =>
  Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');
