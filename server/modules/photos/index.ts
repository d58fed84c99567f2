/**
 * The photos module's public surface: the one profile photo a user has (spec §7), shown on each
 * of their profiles, its upload routes, and the stored file for the link previews and deletion.
 */
export { readPhoto, removePhotos } from './photo';
export { photoRoutes } from './routes';
