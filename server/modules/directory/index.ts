/** The directory module's public surface: its routes. */
export { directoryRoutes } from './routes';
