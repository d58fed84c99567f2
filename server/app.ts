import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { localFilesDir } from './bootstrap';
import { verifyingSecrets, type Config } from './config';
import type { AppContext } from './context';
import { accountRoutes, notificationRoutes } from './modules/accounts';
import { adminRoutes } from './modules/admin';
import { attachmentRoutes, uploadRoutes } from './modules/attachments';
import { authRoutes } from './modules/auth';
import { betaGate, betaRoutes } from './modules/beta';
import { clientLogRoutes } from './modules/client-log';
import { contactRoutes } from './modules/contact';
import { coachRoutes } from './modules/coaches';
import { directoryRoutes } from './modules/directory';
import { seoRoutes } from './modules/seo';
import { linkPreviewRoutes } from './modules/link-previews';
import { healthRoutes } from './modules/health';
import { eventRoutes } from './modules/events';
import { homeRoutes } from './modules/home';
import { devMailboxRoutes } from './modules/mail';
import { historyRoutes, paymentRoutes, stripeWebhookRoutes } from './modules/payments';
import { photoRoutes } from './modules/photos';
import { profileRoutes } from './modules/profiles';
import { questionRoutes } from './modules/questions';
import { messageRoutes } from './modules/messages';
import { reviewRoutes } from './modules/reviews';
import { videoReviewRoutes } from './modules/video-reviews';
import { referenceClipRoutes } from './modules/reference-clips';
import { routeLimitStore } from './modules/rate-limits';
import { metricsRoutes, observeRequests } from './observability';
import { publicConfigRoutes } from './modules/public-config';
import { createLogger } from './logging';
import { bodyShape } from './plugins/body-shape';
import { controlCharacters } from './plugins/control-characters';
import { csrf } from './plugins/csrf';
import { errorHandler } from './plugins/error-handler';
import { localFiles } from './plugins/local-files';
import { noStoreWhenAuthenticated } from './plugins/no-store';
import { openApiDocument } from './plugins/openapi';
import { security } from './plugins/security';
import { webApp } from './plugins/web-app';
import type { SsrEntry } from '../contracts/ssr';

const REQUEST_ID = /^[\w-]{8,64}$/;

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY (ADR 039). Fastify refuses a bare hop count, since it
 * cannot tell a proxy from a client that reaches the app directly; a deployment that says "n
 * proxies" vouches for that, so the last n hops are trusted by position. `request.ip` is then the
 * first address those hops did not vouch for: the rightmost entry a trusted proxy appended.
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export interface BuildOptions {
  /** Directory of the built web app; without a build only the API is served. */
  webRoot: string;
  logger?: FastifyServerOptions['loggerInstance'];
  /** The server renderer of the public pages; by default the build's, beside webRoot. */
  renderer?: SsrEntry;
}

export async function buildApp(ctx: AppContext, options: BuildOptions) {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.LOG_LEVEL),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Every route, as registered: the authorization matrix test walks this list.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });
  app.decorate('routeTable', routeTable);

  // First, so that the latency covers every hook and the request's span is active in them.
  await app.register(observeRequests, { metrics: ctx.metrics });
  await app.register(errorHandler);
  await app.register(security);
  await app.register(noStoreWhenAuthenticated, { auth: ctx.auth });
  await app.register(csrf, { publicUrl: config.PUBLIC_URL });
  // Before the control-character check, which then walks bodies of a known depth.
  await app.register(bodyShape);
  await app.register(controlCharacters);
  await app.register(cookie);
  // Counted in the database or Redis, so that more processes do not mean more requests (ADR 049).
  await app.register(rateLimit, { global: false, store: routeLimitStore(ctx.limits) });
  await app.register(multipart);
  await app.register(swagger, {
    openapi: { info: { title: 'Playbook API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(betaGate, {
    code: config.BETA_ACCESS_CODE,
    secrets: verifyingSecrets(config),
  });

  await app.register(healthRoutes, ctx);
  await app.register(metricsRoutes, { metrics: ctx.metrics, token: config.METRICS_TOKEN });
  await app.register(publicConfigRoutes, ctx);
  await app.register(betaRoutes, ctx);
  await app.register(contactRoutes, ctx);
  await app.register(coachRoutes, ctx);
  await app.register(directoryRoutes, ctx);
  await app.register(seoRoutes, ctx);
  await app.register(linkPreviewRoutes, ctx);
  await app.register(authRoutes, { auth: ctx.auth, config: ctx.config, database: ctx.database });
  await app.register(accountRoutes, ctx);
  await app.register(notificationRoutes, ctx);
  await app.register(profileRoutes, ctx);
  await app.register(photoRoutes, ctx);
  await app.register(eventRoutes, ctx);
  await app.register(homeRoutes, ctx);
  await app.register(questionRoutes, ctx);
  await app.register(messageRoutes, ctx);
  await app.register(reviewRoutes, ctx);
  await app.register(videoReviewRoutes, ctx);
  await app.register(referenceClipRoutes, ctx);
  await app.register(attachmentRoutes, ctx);
  await app.register(uploadRoutes, ctx);
  await app.register(paymentRoutes, ctx);
  if (ctx.payments.name === 'stripe') await app.register(stripeWebhookRoutes, ctx);
  await app.register(historyRoutes, ctx);
  await app.register(adminRoutes, ctx);
  await app.register(clientLogRoutes);
  if (config.DEV_MAILBOX && ctx.mail.name === 'outbox') {
    await app.register(devMailboxRoutes, ctx);
  }
  await app.register(openApiDocument, { db: ctx.database.db });

  if (config.STORAGE_DRIVER === 'disk') {
    await app.register(localFiles, { root: localFilesDir(config) });
  }
  await app.register(webApp, {
    root: options.webRoot,
    publicUrl: config.PUBLIC_URL,
    renderer: options.renderer,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
