/** The questions module's public surface: its routes (nothing else uses its internals). */
export { questionRoutes } from './routes';
