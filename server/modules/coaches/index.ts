/** The Coaches module's public surface: the Coach card's columns and the Coach lists. */
export {
  coachCardColumns,
  countCoaches,
  listedCoach,
  listedCoachSlugs,
  newestCoaches,
} from './data';
export { coachRoutes } from './routes';
export {
  availabilityColumns,
  availabilityFrom,
  lockCoachAvailability,
  openQuestionsBefore,
  ownAvailability,
  refusal,
  saveAvailability,
  takingQuestions,
} from './data/availability';
