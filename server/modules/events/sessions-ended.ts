import type { Logger } from 'pino';
import type { EventBus } from '../../adapters/events/types';
import type { SessionsEnded } from '../auth';

/**
 * What better-auth calls once it has ended a session (sign-out, a revocation, a password change or
 * reset): 'sessions.ended' for its person, journaled and fanned out like every event, so their open
 * streams in every process look their sessions up again (issue 36). better-auth's writes are not
 * units of work of ours, so this, after its commit, is where their event goes out. A failure is
 * logged, never thrown: the session has ended, and only its streams are late.
 */
export function announceSessionsEnded(bus: EventBus, logger: Pick<Logger, 'warn'>): SessionsEnded {
  return async (userId) => {
    await bus.publish('sessions.ended', { userId }).catch((err: unknown) => {
      logger.warn(
        { err, userId },
        'sessions.ended not announced: open streams end at reconnection',
      );
    });
  };
}
