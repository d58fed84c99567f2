/**
 * The auth module's public surface: better-auth, the session of a request, the role guard, and
 * the administrators' bearer-token guard.
 */
export { createAuth, type Auth, type PasswordHashing, type SessionsEnded } from './auth';
export { holding, requireRole } from './guards';
export { hashAdminToken, requireAdmin } from './admin-guard';
export { authRoutes } from './routes';
export type { SessionUser, Viewer } from './session';
export { liveSessionsOf } from './data';
export { readAsViewer, requireUser, sessionToken, sessionUser } from './session';
export { toViewer, viewerByToken } from './viewer';
