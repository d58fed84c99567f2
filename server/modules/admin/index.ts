/** The admin module's public surface: the portal's routes and the administrator CLI's needs. */
export { adminRoutes } from './routes';
export { audit, clearTwoFactor, findAdmin } from './data';
export { createAdmin } from './service';
