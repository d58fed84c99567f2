/** The URL segment for a Coach: the name with hyphens for spaces (spec §2). */
export const coachSlug = (name: string): string => name.trim().replace(/\s+/g, '-');
