/**
 * The profiles module's public surface: the Player's profile, and the role rows every profile
 * lives on (the Player's consents to asking, which of a user's profiles are filled in). The
 * Coach's profile is the coaches module's (ADR 077).
 */
export { profileCompletion, recordAskConsents } from './data';
export { profileRoutes } from './routes';
