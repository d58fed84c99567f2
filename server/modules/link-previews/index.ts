/** The link-preview module's public surface: the routes that serve the cards (ADR 055). */
export { linkPreviewRoutes } from './routes';
