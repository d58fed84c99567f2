import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addReferenceClipSchema,
  referenceClipSchema,
  referenceClipsSchema,
  renameReferenceClipSchema,
  videoReviewApiPaths,
} from '../../../contracts/video-review';
import { depsOf, type AppContext } from '../../context';
import { requireRole } from '../auth';
import { addClip, deleteOwnClip, listClips, renameOwnClip } from './service';

const clipParams = z.object({ id: z.uuid() });
/** `referenceClip(id)` as a route: the helper would encode the parameter's colon. */
const clipPath = `${videoReviewApiPaths.referenceClips}/:id`;

/**
 * The Coach's reference library (issue 38, ADR 091): only the signed-in Coach's own clips, and
 * another Coach's clip reads as not there (404).
 */
export const referenceClipRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;
  // Who is asking comes before what they sent: no session is a 401, a Player a 403, whatever
  // the body.
  const coachOnly = async (request: Parameters<typeof requireRole>[1]) =>
    void (await requireRole(auth, request, 'expert'));

  app.get(
    videoReviewApiPaths.referenceClips,
    { schema: { response: { 200: referenceClipsSchema } } },
    async (request) => {
      const user = await requireRole(auth, request, 'expert');
      return { clips: await listClips(depsOf(ctx, request.log), user.id) };
    },
  );

  app.post(
    videoReviewApiPaths.referenceClips,
    {
      preValidation: coachOnly,
      schema: { body: addReferenceClipSchema, response: { 201: referenceClipSchema } },
    },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'expert');
      const clip = await addClip(depsOf(ctx, request.log), user.id, request.body);
      return reply.code(201).send(clip);
    },
  );

  app.patch(
    clipPath,
    {
      preValidation: coachOnly,
      schema: {
        params: clipParams,
        body: renameReferenceClipSchema,
        response: { 200: referenceClipSchema },
      },
    },
    async (request) => {
      const user = await requireRole(auth, request, 'expert');
      return renameOwnClip(depsOf(ctx, request.log), user.id, request.params.id, request.body.name);
    },
  );

  app.delete(
    clipPath,
    { preValidation: coachOnly, schema: { params: clipParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'expert');
      await deleteOwnClip(depsOf(ctx, request.log), user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
