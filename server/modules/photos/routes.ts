import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema } from '../../../contracts/account-schemas';
import { IMAGE_MAX_BYTES } from '../../../contracts/limits';
import { joined } from '../../../contracts/messages';
import { UPLOAD_MESSAGES } from '../../../contracts/profiles';
import { depsOf, type AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import { requireRole } from '../auth';
import { deletePhoto, replacePhoto } from './service';

const photoResponse = z.object({ photoUrl: z.string().nullable() });

export const photoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;

  app.post(
    '/api/profiles/:role/photo',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: z.object({ role: roleSchema }), response: { 200: photoResponse } },
    },
    async (request) => {
      const user = await requireRole(auth, request, request.params.role);
      let bytes: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
        if (!file) throw badRequest(joined(UPLOAD_MESSAGES.invalidType));
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, joined(UPLOAD_MESSAGES.tooLarge));
        }
        const status = (err as { statusCode?: number }).statusCode;
        if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
        // A body that is not well-formed multipart (cut short, say) is the client's error.
        throw badRequest(UPLOAD_MESSAGES.failed);
      }
      return replacePhoto(depsOf(ctx, request.log), user, bytes);
    },
  );

  app.delete(
    '/api/profiles/:role/photo',
    { schema: { params: z.object({ role: roleSchema }), response: { 200: photoResponse } } },
    async (request) => {
      const user = await requireRole(auth, request, request.params.role);
      return deletePhoto(depsOf(ctx, request.log), user);
    },
  );
};
