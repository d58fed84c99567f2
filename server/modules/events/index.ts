/**
 * The events module's public surface: its routes, the journaling bus, the journal's pruning, and
 * the announcement of ended sessions better-auth makes.
 */
export { eventRoutes } from './routes';
export { journaledBus } from './journal';
export { pruneEventJournal } from './data';
export { announceSessionsEnded } from './sessions-ended';
