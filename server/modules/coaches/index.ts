/**
 * The Coaches module's public surface: the Coach's public page and API, the Coach profile, the
 * Coach's availability (ADR 061), the Coach lists and the Coach card's columns. It owns the Coach
 * row (experts) and its slugs (ADR 077); their writes are its data entry's (`../coaches/data`).
 */
export {
  coachCardColumns,
  countCoaches,
  listedCoach,
  listedCoachSlugs,
  newestCoaches,
} from './data';
export { coachFigureColumns, coachFigures, findPublicCoach } from './data/page';
export { coachRoutes } from './routes';
export { requireCoach } from './require-coach';
export {
  availabilityColumns,
  availabilityFrom,
  checkoutUnderWay,
  lockCoachAvailability,
  refusal,
  slotsHeldBesides,
  takingQuestions,
} from './data/availability';
