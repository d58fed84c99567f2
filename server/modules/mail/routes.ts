import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxSchema } from '../../../contracts/mailbox';
import type { AppContext } from '../../context';
import { recentMail } from './outbox';

/** Dev-only: registered only when mail stays in the outbox and the app is not in production. */
export const devMailboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get('/api/dev/mailbox', { schema: { response: { 200: mailboxSchema } } }, async () => {
    const messages = await recentMail(database.db);
    return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  });
};
