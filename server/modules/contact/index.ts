/** The contact module's public surface: its routes. */
export { contactRoutes } from './routes';
