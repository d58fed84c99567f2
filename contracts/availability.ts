import { formatUtcDate } from './dates';

/**
 * Whether a Coach can be asked (ADR 061): payouts set up (the payout-ready gate), not paused, and
 * under their cap of questions awaiting an answer. The server decides at ask and at checkout; the
 * pages show the same state from the same function. Texts and rules only: the schemas are in
 * `availability-schemas.ts`, so the public pages that show a Coach's availability do not load zod
 * (ADR 073).
 */
export const AVAILABILITY_STATES = ['open', 'not-ready', 'paused', 'full'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

/** The most questions a Coach may cap themselves at, and the longest pause note. */
export const OPEN_QUESTION_CAP_MAX = 100;
export const PAUSE_NOTE_MAX = 280;

export const AVAILABILITY_MESSAGES = {
  notTakingYet: 'Not taking questions yet',
  ownNotReady:
    'Players cannot ask you yet: you can take questions once your payment account can receive payouts.',
  setUpPayments: 'Set up payments',
  paused: 'Not taking questions right now',
  fullyBooked: 'Fully booked, try again soon',
  /** The server's 409 answers at ask and checkout. */
  refusedNotReady: 'This Coach is not taking questions yet.',
  refusedPaused: 'This Coach is not taking questions right now.',
  refusedFull: 'Fully booked, try again soon',
  capInvalid: `The cap must be a whole number from 1 to ${OPEN_QUESTION_CAP_MAX}.`,
  returnDateInvalid: 'The return date must be a date after today.',
  noteTooLong: `The note can be at most ${PAUSE_NOTE_MAX} characters.`,
  saved: 'Availability saved',
} as const;

/** 'Dec 24, 2026' for a calendar date ('2026-12-24'), the same on every server and browser. */
export const formatReturnDate = (day: string) => formatUtcDate(`${day}T00:00:00Z`);
export const backOn = (day: string) => `Back on ${formatReturnDate(day)}`;

/** Today's calendar date in UTC ('2026-11-27'): a pause with this return date is over. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Whether a Coach can be asked now, as every page shows it (`availabilitySchema` checks it). */
export interface Availability {
  state: AvailabilityState;
  /** While paused: the day the Coach is back, if they gave one. */
  returnOn: string | null;
  /** While paused: the Coach's note, if any. */
  note: string | null;
}

/** What `availabilityOf` reads from the Coach's row (and the count of their open questions). */
export interface AvailabilityFacts {
  payoutsEnabled: boolean;
  pausedAt: Date | string | null;
  pauseReturnOn: string | null;
  pauseNote: string | null;
  openQuestionCap: number | null;
  openQuestions: number;
}

/** True while the pause holds: it lifts itself on its return date (UTC). */
export const isPaused = (
  facts: Pick<AvailabilityFacts, 'pausedAt' | 'pauseReturnOn'>,
  today: string,
) => facts.pausedAt !== null && (facts.pauseReturnOn === null || facts.pauseReturnOn > today);

/** The gate first (nothing else matters until payouts work), then the pause, then the cap. */
export function availabilityOf(facts: AvailabilityFacts, today: string): Availability {
  if (!facts.payoutsEnabled) return { state: 'not-ready', returnOn: null, note: null };
  if (isPaused(facts, today)) {
    return { state: 'paused', returnOn: facts.pauseReturnOn, note: facts.pauseNote };
  }
  if (facts.openQuestionCap !== null && facts.openQuestions >= facts.openQuestionCap) {
    return { state: 'full', returnOn: null, note: null };
  }
  return { state: 'open', returnOn: null, note: null };
}

/** The headline a page shows for a Coach who cannot be asked now; null when they can. */
export function availabilityHeadline(availability: Availability): string | null {
  switch (availability.state) {
    case 'open':
      return null;
    case 'not-ready':
      return AVAILABILITY_MESSAGES.notTakingYet;
    case 'paused':
      return AVAILABILITY_MESSAGES.paused;
    case 'full':
      return AVAILABILITY_MESSAGES.fullyBooked;
  }
}
