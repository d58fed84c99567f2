/** The conversation on a question (ADR 058): its routes. */
export { messageRoutes } from './routes';
