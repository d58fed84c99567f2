import { DIRECTORY_SHOW_LABELS } from './directory';

/*
 * Texts only the directory page and a Coach's page show, apart from directory.ts, whose messages
 * the home page's Coach lists load too (the home page's JavaScript budget, ADR 016).
 */

/**
 * 'Taking questions' (the default) is empty though Coaches match (issue 36): say what the filter
 * hides, and offer them.
 */
export const DIRECTORY_HIDDEN_MESSAGES = {
  noneTaking: 'No Coaches are taking questions right now',
  noneTakingHint: (hidden: number) =>
    `The “${DIRECTORY_SHOW_LABELS.taking}” filter hides ${hidden === 1 ? '1 Coach who is' : `${hidden} Coaches who are`} paused or not yet set up to be paid.`,
  showAll: `Show ${DIRECTORY_SHOW_LABELS.all}`,
} as const;

/**
 * The mark of a Coach whose payout account is ready (issue 36): with the photo and the expertise,
 * it tells two Coaches of the same name apart on cards and pages.
 */
export const COACH_VERIFIED = {
  label: 'Verified',
  title: 'Verified Coach: payout account set up',
} as const;
