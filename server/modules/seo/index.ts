/** The seo module's public surface: its routes. */
export { seoRoutes } from './routes';
