/**
 * The public profile pages' messages, apart from profiles.ts: that module builds the profile forms'
 * schemas when it loads, and a Coach's page would otherwise ship and run all of zod to show one of
 * these (issue 12's Lighthouse figures).
 */
export const PROFILE_NOT_FOUND_MESSAGES = {
  coachNotFound: "The coach profile you're looking for doesn't exist.",
  playerNotFound: {
    title: 'Profile not found:',
    description: "The asker profile you're looking for doesn't exist.",
  },
} as const;
