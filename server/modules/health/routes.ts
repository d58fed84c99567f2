import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { PING_TIMEOUT_MS } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';

/**
 * Readiness gives the database PING_TIMEOUT_MS (2 s) to answer, which the ping enforces itself; a
 * slower one counts as down. This guard is for a ping that never settles, and comes a little later
 * so that a ping that times out has opened the database's circuit breaker (ADR 086) before
 * readiness says down: no request the load balancer still sends waits on the dead route after that.
 */
const READY_DATABASE_TIMEOUT_MS = PING_TIMEOUT_MS + 250;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['up', 'down']),
  bus: z.enum(['connected', 'disconnected']),
  shuttingDown: z.boolean(),
});

/** The ping, or false once the timeout passes first. */
function answersWithin(ping: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}

/**
 * `/api/health` as it always was (the database answers); `/api/health/live` for the orchestrator's
 * restart decision (the process answers at all); `/api/health/ready` for the load balancer's
 * routing decision: the database answers in time, the bus is connected, and no shutdown has begun.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, bus, lifecycle },
) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      // Answers within the ping's own timeout, whatever the database does (ADR 045).
      const up = await database.ping();
      if (!up) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );

  app.get('/api/health/live', { schema: { response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/api/health/ready',
    { schema: { response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const shuttingDown = lifecycle.draining();
      const databaseUp = await answersWithin(() => database.ping(), READY_DATABASE_TIMEOUT_MS);
      const busConnected = bus.connected();
      const ready = databaseUp && busConnected && !shuttingDown;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        database: databaseUp ? 'up' : 'down',
        bus: busConnected ? 'connected' : 'disconnected',
        shuttingDown,
      });
    },
  );
};
