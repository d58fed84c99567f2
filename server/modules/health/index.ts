/** The health module's public surface: its routes. */
export { healthRoutes } from './routes';
