/** The events module's public surface: its routes. */
export { eventRoutes } from './routes';
