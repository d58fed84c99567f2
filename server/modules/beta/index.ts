/** The beta module's public surface: the gate and its routes. */
export { betaGate } from './gate';
export { betaRoutes } from './routes';
