import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '../../../contracts/account';
import { accountSchema, roleInputSchema } from '../../../contracts/account-schemas';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireUser, sessionUser } from '../auth/session';
import { setActiveRole } from './data';
import { accountOf, chooseRole } from './service';

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, auth }) => {
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
};
