/** The accounts module's public surface: a user's roles and account, and the account routes. */
export { notificationRoutes } from './notification-routes';
export { accountRoutes } from './routes';
export { accountOf } from './service';
