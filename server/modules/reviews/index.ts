/** The reviews module's public surface: its routes, and what administrators change on a review. */
export { closeReviewReports, lockReview, setReviewPublished } from './data';
export { reviewParticipants } from './service';
export { reviewRoutes } from './routes';
