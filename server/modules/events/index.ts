/** The events module's public surface: its routes, the journaling bus and the journal's pruning. */
export { eventRoutes } from './routes';
export { journaledBus } from './journal';
export { pruneEventJournal } from './data';
