import { and, count, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DIRECTORY_PAGE_SIZE, type DirectorySort } from '../../../contracts/directory';
import type { DirectoryQuery } from '../../../contracts/directory-schemas';
import type { Executor } from '../../db/client';
import { keyset, toPage, type KeysetSpec } from '../../db/keyset';
import { coaches } from '../../db/schema';
import {
  availabilityColumns,
  availabilityFrom,
  coachFigureColumns,
  coachFigures,
  listedCoach,
  takingQuestions,
} from '../coaches';

/** Each sort is served by an index on (its column, id) (ADR 025). */
const SORTS: Record<
  DirectorySort,
  { sort: AnyColumn; sortType: KeysetSpec['sortType']; direction: 'asc' | 'desc' }
> = {
  rating: { sort: coaches.ratingScore, sortType: 'integer', direction: 'desc' },
  answered: { sort: coaches.answeredCount, sortType: 'integer', direction: 'desc' },
  fastest: { sort: coaches.responseSort, sortType: 'integer', direction: 'asc' },
  'price-low': { sort: coaches.pricePerQuestion, sortType: 'integer', direction: 'asc' },
  'price-high': { sort: coaches.pricePerQuestion, sortType: 'integer', direction: 'desc' },
  newest: { sort: coaches.createdAt, sortType: 'timestamptz', direction: 'desc' },
};

/** Most words of a search that count; the rest are ignored. */
const MAX_TERMS = 8;

/**
 * The search as a tsquery that matches every word as a prefix ('ten' finds 'tennis'), or null
 * when it has no word. Only letters and digits reach it, so no input can break its syntax.
 */
export function prefixQuery(text: string | undefined): string | null {
  const words = (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_TERMS)
    .map((word) => `${word}:*`)
    .join(' & ');
}

/**
 * One page of the directory. The search runs on experts_search_idx (GIN over the weighted
 * tsvector of name, expertise and bio); without one, the sort's index yields the rows in order.
 */
export async function directoryPage(db: Executor, query: DirectoryQuery) {
  const { after, orderBy, sortKey } = keyset({
    ...SORTS[query.sort],
    id: coaches.id,
    idType: 'uuid',
    cursor: query.cursor,
  });
  const terms = prefixQuery(query.q);
  const filters: (SQL | undefined)[] = [
    listedCoach,
    terms === null ? undefined : sql`${coaches.searchVector} @@ to_tsquery('english', ${terms})`,
    query.minPrice === undefined ? undefined : gte(coaches.pricePerQuestion, query.minPrice * 100),
    query.maxPrice === undefined ? undefined : lte(coaches.pricePerQuestion, query.maxPrice * 100),
    // The stars shown are the average rounded (spec §9), so N stars means an average of N - 0.5.
    query.minRating === undefined
      ? undefined
      : gte(coaches.ratingScore, query.minRating * 100 - 50),
    query.within === undefined ? undefined : lte(coaches.responseHours, query.within),
  ];
  const taking = query.show !== 'all';
  const conditions = [...filters, taking ? takingQuestions() : undefined, after];
  const rows = await db
    .select({
      id: coaches.id,
      slug: coaches.slug,
      name: coaches.name,
      expertise: coaches.expertise,
      photoUrl: coaches.photoUrl,
      pricePerQuestion: coaches.pricePerQuestion,
      ...coachFigureColumns,
      availability: availabilityColumns,
      sortKey,
    })
    .from(coaches)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(DIRECTORY_PAGE_SIZE + 1);
  const page = toPage(rows, DIRECTORY_PAGE_SIZE, (row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    expertise: row.expertise,
    photoUrl: row.photoUrl,
    pricePerQuestion: row.pricePerQuestion,
    ...coachFigures(row),
    availability: availabilityFrom(row.availability),
    payoutReady: row.availability.payoutsEnabled,
  }));
  // An empty first page of 'Taking questions' says how many Coaches it leaves out (issue 36), so
  // the page offers them instead of saying there are no Coaches at all.
  const hiddenCount =
    taking && !query.cursor && page.rows.length === 0
      ? ((
          await db
            .select({ n: count() })
            .from(coaches)
            .where(and(...filters))
        )[0]?.n ?? 0)
      : 0;
  return { coaches: page.rows, nextCursor: page.nextCursor, hiddenCount };
}
