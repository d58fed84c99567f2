import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSchema,
  deleteAccountSchema,
  deletionStatusSchema,
  roleInputSchema,
} from '../../../contracts/account-schemas';
import { accountSessionsSchema } from '../../../contracts/notifications';
import { depsOf, type AppContext } from '../../context';
import { requireUser, sessionToken, sessionUser } from '../auth';
import { deletionBlocker } from './data';
import { deleteAccount } from './deletion';
import { exportAccountData } from './export';
import { accountOf, chooseRole, switchActiveRole } from './service';
import { sessionsList } from './sessions';

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { database, auth } = ctx;
  const { db } = database;

  app.get('/api/account', { schema: { response: { 200: accountSchema } } }, async (request) =>
    accountOf(depsOf(ctx, request.log), await sessionUser(auth, request)),
  );

  app.post(
    '/api/account/roles',
    { schema: { body: roleInputSchema, response: { 200: accountSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      return chooseRole(depsOf(ctx, request.log), user, request.body.role);
    },
  );

  app.post(
    '/api/account/active-role',
    { schema: { body: roleInputSchema, response: { 200: accountSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      return switchActiveRole(depsOf(ctx, request.log), user, request.body.role);
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

  // Where the account is signed in (issue 25); "Sign out everywhere else" is better-auth's
  // revoke-other-sessions.
  app.get(
    '/api/account/sessions',
    { schema: { response: { 200: accountSessionsSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      return sessionsList(db, user.id, await sessionToken(auth, request));
    },
  );

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
      await deleteAccount(depsOf(ctx, request.log), user, request.body.password);
      const { authCookies } = await auth.$context;
      return reply.clearCookie(authCookies.sessionToken.name, { path: '/' }).status(204).send(null);
    },
  );
};
