import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ownPlayerProfileSchema,
  playerProfileSchema,
  publicPlayerSchema,
} from '../../../contracts/profiles';
import { depsOf, type AppContext } from '../../context';
import { requireRole } from '../auth';
import { ownPlayerProfile, publicPlayer, savePlayerProfile } from './service';

export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;

  // ------------------------------------------------------------------ Player profile (own)

  app.get(
    '/api/profiles/asker',
    { schema: { response: { 200: ownPlayerProfileSchema } } },
    async (request) => {
      const user = await requireRole(auth, request, 'asker');
      return ownPlayerProfile(depsOf(ctx, request.log), user);
    },
  );

  app.put(
    '/api/profiles/asker',
    { schema: { body: playerProfileSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'asker');
      await savePlayerProfile(depsOf(ctx, request.log), user, request.body);
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------------ Public profile

  app.get(
    '/api/players/:userId',
    {
      schema: {
        params: z.object({ userId: z.string().min(1).max(200) }),
        response: { 200: publicPlayerSchema },
      },
    },
    async (request) => publicPlayer(depsOf(ctx, request.log), request.params.userId),
  );
};
