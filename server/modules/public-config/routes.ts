import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../contracts/public-config';
import type { AppContext } from '../../context';

export const publicConfigRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  const body = {
    instagramUrl: config.INSTAGRAM_URL,
    privacyEmail: config.CONTACT_EMAIL,
    operatorCompany: config.OPERATOR_COMPANY,
  };
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => body);
};
