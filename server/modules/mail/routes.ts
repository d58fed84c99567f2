import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxSchema } from '../../../contracts/mailbox';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { recentMail } from './data';
import { renderedMail } from './outbox';

/** The addresses of this machine: the mailbox is for the developer sitting at it. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Dev-only: registered only with DEV_MAILBOX=true (refused in production) and mail kept in the
 * outbox, and answered only to loopback clients; anyone else gets the 404 of a route that is not
 * there (issue 13: it holds every confirmation link). Both the client as TRUST_PROXY resolves it
 * and the connection itself must be local: a forwarded header alone never opens it (issue 21).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.addHook('onRequest', async (request) => {
    const peer = request.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(request.ip) || !LOOPBACK.has(peer)) {
      throw notFound(`Route GET ${request.url} not found`);
    }
  });
  app.get('/api/dev/mailbox', { schema: { response: { 200: mailboxSchema } } }, async () => {
    const messages = await recentMail(database.db);
    return {
      // A message not sent yet is rendered here, on read (ADR 095): its links are in its text.
      messages: await Promise.all(
        messages.map(async ({ content, ...m }) => ({
          ...m,
          text: (await renderedMail({ ...m, html: null, content })).text,
          createdAt: m.createdAt.toISOString(),
        })),
      ),
    };
  });
};
