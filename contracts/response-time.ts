import { formatUtcDateTime } from './dates';

/**
 * A Coach's response-time promise and the measured figures around it (ADR 060), defined once for
 * the server, the pages and the e-mails.
 */

/** The promises a Coach may make, in hours: 24 h, 48 h, 72 h or 7 days. */
export const RESPONSE_PROMISE_HOURS = [24, 48, 72, 168] as const;
export type ResponsePromiseHours = (typeof RESPONSE_PROMISE_HOURS)[number];
/** The spec's 7 days (ADR 040), for a Coach who never chose. */
export const DEFAULT_RESPONSE_HOURS: ResponsePromiseHours = 168;
/** The longest promise: no unanswered question waits longer for its refund (ADR 066). */
export const LONGEST_RESPONSE_HOURS: ResponsePromiseHours = 168;

/** The select's options on Manage Coach Profile. */
export const RESPONSE_PROMISE_LABELS: Record<ResponsePromiseHours, string> = {
  24: '24 hours',
  48: '48 hours',
  72: '72 hours',
  168: '7 days',
};
/** The directory's filter options. */
export const RESPONSE_FILTER_LABELS: Record<ResponsePromiseHours, string> = {
  24: 'Answers within 24 h',
  48: 'Answers within 48 h',
  72: 'Answers within 72 h',
  168: 'Answers within 7 days',
};

export const isResponsePromise = (hours: number): hours is ResponsePromiseHours =>
  (RESPONSE_PROMISE_HOURS as readonly number[]).includes(hours);

/** The promise in words, as sentences use it: "within 24 hours", "within 7 days". */
export const promiseText = (hours: number): string =>
  hours % 24 === 0 && hours > 72 ? `${hours / 24} days` : `${hours} hours`;

const HOUR_MS = 3_600_000;

/** The refund moment of a question whose clock starts at `from` under a promise of `hours`. */
export const answerByFrom = (from: Date, hours: number) =>
  new Date(from.getTime() + hours * HOUR_MS);

/** The median is over this many of the Coach's latest answers. */
export const RESPONSE_MEDIAN_WINDOW = 90;
/** Below this many answers, no median is shown (one or two answers say little). */
export const RESPONSE_MEDIAN_MIN_ANSWERS = 3;
/** The Coach's reminder goes this long before "Answer by". */
export const REMINDER_HOURS_BEFORE = 24;

/**
 * A duration in minutes as people say it: under an hour in minutes, under two days in hours,
 * otherwise in days (rounded to the nearest).
 */
export function formatDuration(minutes: number): string {
  if (minutes < 60) {
    const m = Math.max(1, Math.round(minutes));
    return `${m} min`;
  }
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.round(minutes / 1440);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "Usually answers in 9 h", from the measured median. */
export const usuallyAnswersIn = (medianMinutes: number) =>
  `Usually answers in ${formatDuration(medianMinutes)}`;
/** The promise as profiles and cards show it. */
export const promiseBadge = (hours: number) =>
  `Answers within ${hours > 72 ? `${hours / 24} days` : `${hours} h`}`;

/**
 * "Answer by {date}": the one wording of a deadline, for pages and e-mails alike, its zone always
 * named. An e-mail writes it in UTC (the recipient's zone is not known yet); a page in the reader's
 * own zone (`formatDateTime`, issue 36), so both name the same moment in a zone the reader can see.
 */
export const formatAnswerBy = (
  at: Date | string,
  format: (at: Date | string) => string = formatUtcDateTime,
): string => `Answer by ${format(at)}`;
