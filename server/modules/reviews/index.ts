/** The reviews module's public surface: its routes, and the review an administrator acts on. */
export { lockReview } from './data';
export { reviewParticipants } from './service';
export { reviewRoutes } from './routes';
