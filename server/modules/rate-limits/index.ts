/** The rate-limits module's public surface: the shared stores of every limit (the database, or Redis), and pruning the database's. */
export { authLimitStorage, routeLimitStore } from './stores';
export { createHitCounter, databaseHitCounter, type HitCounter } from './counter';
export { pruneRateLimits } from './data';
