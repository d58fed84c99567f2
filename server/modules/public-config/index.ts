/** The public-config module's public surface: its routes. */
export { publicConfigRoutes } from './routes';
