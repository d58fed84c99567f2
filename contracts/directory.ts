/** Coaches per page of the directory. */
export const DIRECTORY_PAGE_SIZE = 12;
/** Longest search text the directory takes. */
export const DIRECTORY_QUERY_MAX = 100;

export const DIRECTORY_SORTS = [
  'rating',
  'answered',
  'fastest',
  'price-low',
  'price-high',
  'newest',
] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DEFAULT_DIRECTORY_SORT: DirectorySort = 'rating';
export const DIRECTORY_SORT_LABELS: Record<DirectorySort, string> = {
  rating: 'Best rated',
  answered: 'Most answered',
  /** The measured median response time, or the promise for a Coach with fewer than 3 answers. */
  fastest: 'Fastest response',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  newest: 'Newest',
};

/**
 * The URL parameter that says how many pages 'Load more Coaches' reached (`?page=3`), so Back and a
 * reload show the same Coaches; at most this many are loaded from it.
 */
export const DIRECTORY_PAGE_PARAM = 'page';
export const DIRECTORY_MAX_PAGES_IN_URL = 10;

/**
 * Which Coaches the directory lists (ADR 061): by default those taking questions (payouts set up,
 * not paused); 'all' adds the others, marked with why they cannot be asked.
 */
export const DIRECTORY_SHOWS = ['taking', 'all'] as const;
export type DirectoryShow = (typeof DIRECTORY_SHOWS)[number];
export const DEFAULT_DIRECTORY_SHOW: DirectoryShow = 'taking';
export const DIRECTORY_SHOW_LABELS: Record<DirectoryShow, string> = {
  taking: 'Taking questions',
  all: 'All Coaches',
};

export const DIRECTORY_MESSAGES = {
  show: 'Show',
  invalidShow: 'Unknown choice of Coaches',
  title: 'Find Your Coach',
  empty: 'No Coaches match your search',
  /** No Coach at all yet, and no search: say so, and that a Coach can be the first. */
  noCoachesYet: 'No Coaches yet',
  noCoachesYetHint: 'Playbook is just getting started. Be the first Coach to answer questions.',
  becomeCoach: 'Become a Coach',
  filters: 'Filters',
  emptyHint: 'Try fewer words, a wider price range or a lower rating.',
  invalidPrice: 'Price must be a whole number of dollars',
  priceRange: 'The lowest price must not be above the highest',
  invalidRating: 'Minimum rating must be between 1 and 5 stars',
  invalidSort: 'Unknown sort order',
  invalidWithin: 'Response time must be 24, 48 or 72 hours or 7 days',
  queryTooLong: `Search must be at most ${DIRECTORY_QUERY_MAX} characters`,
  loadFailed: 'Failed to load expert profiles. Please try again.',
} as const;

// The page's types live in directory-schemas.ts (imported as types only, so no zod ships with them).
