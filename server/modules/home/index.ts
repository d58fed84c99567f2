/** The home module's public surface: its routes. */
export { homeRoutes } from './routes';
