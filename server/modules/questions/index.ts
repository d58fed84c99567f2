/** The questions module's public surface: its routes, and who a signed-in user is to a question. */
export { questionRoutes } from './routes';
export { participantRole } from './service';
