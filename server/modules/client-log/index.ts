/** The client-log module's public surface: its routes. */
export { clientLogRoutes } from './routes';
