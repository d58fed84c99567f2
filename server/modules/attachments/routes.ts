import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionAttachmentsSchema } from '../../../contracts/attachments';
import { QUESTION_MESSAGES } from '../../../contracts/questions';
import { joined } from '../../../contracts/messages';
import { depsOf, type AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { requireAdmin, requireUser } from '../auth';
import { findAttachment, questionParticipants } from './data';
import { LINK_VARIANTS, validLink } from './links';
import { attachmentsOfQuestion, servedAs } from './service';

const idParams = z.object({ id: z.uuid() });
/** What a served attachment may do in a browser that opens it directly: nothing active. */
const SANDBOX_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** One `bytes=` range of a file of `size` bytes, or null when the header asks for none we serve. */
export function byteRange(header: string | undefined, size: number) {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Math.min(Number(last), size);
    return suffix === 0 ? 'unsatisfiable' : { start: size - suffix, end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

export const attachmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;
  const { db } = ctx.database;

  // A question's attachments for its Player and its Coach, with fresh signed links.
  app.get(
    '/api/questions/:id/attachments',
    { schema: { params: idParams, response: { 200: questionAttachmentsSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      const who = await questionParticipants(db, request.params.id);
      if (!who) throw notFound(joined(QUESTION_MESSAGES.notFound));
      if (who.playerId !== user.id && who.coachUserId !== user.id) {
        throw forbidden(QUESTION_MESSAGES.accessRestricted);
      }
      return attachmentsOfQuestion(depsOf(ctx, request.log), request.params.id);
    },
  );

  // The same for administrators handling a dispute or a report.
  app.get(
    '/api/admin/questions/:id/attachments',
    { schema: { params: idParams, response: { 200: questionAttachmentsSchema } } },
    async (request) => {
      await requireAdmin(db, request);
      if (!(await questionParticipants(db, request.params.id))) {
        throw notFound(joined(QUESTION_MESSAGES.notFound));
      }
      return attachmentsOfQuestion(depsOf(ctx, request.log), request.params.id);
    },
  );

  // The disk driver's signed links (ADR 059). The signature is the permission: whoever holds an
  // unexpired link gets the file, so links are short-lived and handed out only to the readers
  // above. A wrong, expired or guessed link is a 404, like a file that is not there.
  app.get(
    '/api/attachments/:id/:variant',
    {
      schema: {
        params: z.object({ id: z.uuid(), variant: z.enum(LINK_VARIANTS) }),
        querystring: z.object({
          e: z.coerce.number().int().positive().optional(),
          s: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
      const { e: expires, s: signature } = request.query;
      const gone = () => notFound('File not found.');
      if (!expires || !signature || !validLink(ctx.config, { id, variant, expires, signature })) {
        throw gone();
      }
      const row = await findAttachment(db, id);
      const served = row && !row.removedAt ? servedAs(row, variant) : null;
      const file = served ? await ctx.attachmentFiles.local(served.key) : null;
      if (!served || !file) throw gone();

      reply
        .header('Content-Type', served.contentType)
        .header('Content-Disposition', served.disposition)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', SANDBOX_CSP)
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .header('Accept-Ranges', 'bytes')
        // The link itself expires; the browser may keep the bytes only for the same while.
        .header(
          'Cache-Control',
          `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`,
        );
      const range = byteRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
      }
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', range.end - range.start + 1);
        return reply.send(createReadStream(file.path, range));
      }
      reply.header('Content-Length', file.size);
      return reply.send(createReadStream(file.path));
    },
  );
};
