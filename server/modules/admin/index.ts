/** The admin module's public surface: the portal's routes and the administrator CLI's needs. */
export { adminRoutes } from './routes';
export { audit, createAdmin, findAdmin } from './service';
export { clearTwoFactor } from './two-factor';
