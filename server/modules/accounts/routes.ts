import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../contracts/account';
import {
  accountSchema,
  deleteAccountSchema,
  deletionStatusSchema,
  roleInputSchema,
} from '../../../contracts/account-schemas';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireUser, sessionUser } from '../auth/session';
import { setActiveRole } from './data';
import { deleteAccount, deletionBlocker } from './deletion';
import { exportAccountData } from './export';
import { accountOf, chooseRole } from './service';

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { database, auth } = ctx;
  const { db } = database;

  app.get('/api/account', { schema: { response: { 200: accountSchema } } }, async (request) =>
    accountOf(db, await sessionUser(auth, request)),
  );

  app.post(
    '/api/account/roles',
    { schema: { body: roleInputSchema, response: { 200: accountSchema } } },
    async (request) => chooseRole(db, await requireUser(auth, request), request.body.role),
  );

  app.post(
    '/api/account/active-role',
    { schema: { body: roleInputSchema, response: { 200: accountSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      const { role } = request.body;
      if (!(await setActiveRole(db, user.id, role))) {
        throw notFound(
          role === 'expert' ? ACCOUNT_MESSAGES.coachRoleNotFound : 'Player role not found',
        );
      }
      return accountOf(db, user);
    },
  );

  // Download my data: one JSON file, never cached anywhere on the way.
  app.get('/api/account/export', async (request, reply) => {
    const user = await requireUser(auth, request);
    const data = await exportAccountData(db, user);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="playbook-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.get(
    '/api/account/deletion',
    { schema: { response: { 200: deletionStatusSchema } } },
    async (request) => ({
      blocker: await deletionBlocker(db, (await requireUser(auth, request)).id),
    }),
  );

  app.post(
    '/api/account/delete',
    { schema: { body: deleteAccountSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await deleteAccount(ctx, request.log, user, request.body.password);
      const { authCookies } = await auth.$context;
      return reply.clearCookie(authCookies.sessionToken.name, { path: '/' }).status(204).send(null);
    },
  );
};
