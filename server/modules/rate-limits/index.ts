/** The rate-limits module's public surface: the shared stores of every limit and their pruning. */
export { databaseAuthLimitStorage, databaseRouteLimitStore } from './stores';
export { pruneRateLimits } from './data';
