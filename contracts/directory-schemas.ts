import { z } from 'zod';
import {
  DEFAULT_DIRECTORY_SHOW,
  DIRECTORY_SHOWS,
  DEFAULT_DIRECTORY_SORT,
  DIRECTORY_MESSAGES,
  DIRECTORY_QUERY_MAX,
  DIRECTORY_SORTS,
} from './directory';
import { isResponsePromise } from './response-time';
import { publicCoachSchema } from './profiles';

/** Kept apart from the directory's constants so the pages that only name them ship no zod. */
// Query strings arrive as text; an empty field means no filter.
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ message }).int(message).min(min, message).max(max, message).optional(),
  );
const dollars = wholeNumber(0, 100_000, DIRECTORY_MESSAGES.invalidPrice);

/** The directory's search, filters and sort: the API's query string and the page's URL alike. */
export const directoryQuerySchema = z
  .object({
    q: z.preprocess(
      emptyAsUndefined,
      z.string().trim().max(DIRECTORY_QUERY_MAX, DIRECTORY_MESSAGES.queryTooLong).optional(),
    ),
    minPrice: dollars,
    maxPrice: dollars,
    minRating: wholeNumber(1, 5, DIRECTORY_MESSAGES.invalidRating),
    /** Coaches whose promise is at most this many hours ("Answers within 24 h", ADR 060). */
    within: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: DIRECTORY_MESSAGES.invalidWithin })
        .refine(isResponsePromise, { message: DIRECTORY_MESSAGES.invalidWithin })
        .optional(),
    ),
    sort: z.preprocess(
      emptyAsUndefined,
      z
        .enum(DIRECTORY_SORTS, { message: DIRECTORY_MESSAGES.invalidSort })
        .default(DEFAULT_DIRECTORY_SORT),
    ),
    show: z.preprocess(
      emptyAsUndefined,
      z
        .enum(DIRECTORY_SHOWS, { message: DIRECTORY_MESSAGES.invalidShow })
        .default(DEFAULT_DIRECTORY_SHOW),
    ),
    cursor: z.string().max(400).optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: DIRECTORY_MESSAGES.priceRange,
    path: ['maxPrice'],
  });
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** A Coach's card in the directory: the public page's card fields and figures. */
export const directoryCoachSchema = publicCoachSchema.pick({
  id: true,
  slug: true,
  name: true,
  expertise: true,
  photoUrl: true,
  pricePerQuestion: true,
  starRating: true,
  averageRating: true,
  reviewCount: true,
  helpfulPercent: true,
  answeredCount: true,
  availability: true,
  responseHours: true,
  medianResponseMinutes: true,
  payoutReady: true,
});
export type DirectoryCoach = z.infer<typeof directoryCoachSchema>;

export const directoryPageSchema = z.object({
  coaches: z.array(directoryCoachSchema),
  nextCursor: z.string().nullable(),
  /**
   * On an empty first page of 'Taking questions': how many Coaches match the search but are not
   * taking questions (paused, or not set up to be paid), so the page can offer them (issue 36).
   * 0 otherwise.
   */
  hiddenCount: z.number().int(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;
