/** Longest slug base; a suffix for a shared name comes on top. */
const SLUG_MAX = 80;

/**
 * The URL segment for a Coach's page (ADR 025): the name without accents, in lower case, with one
 * hyphen for every run of other characters. 'Coach' when nothing is left.
 */
export const coachSlugBase = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '') || 'coach';

/** The public page of a Coach. */
export const coachPath = (coach: { slug: string }): string =>
  `/expert/${encodeURIComponent(coach.slug)}`;
