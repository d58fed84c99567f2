import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { backgroundJobs, createContext, ensureAdminFromConfig } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { createLogger } from './logging';
import { startMetricsServer, startTracing } from './observability';

// The bundle runs from dist/server; the web build sits beside it in dist/web.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
/** A shutdown that has not finished by then is cut short (exit 1): deploys wait 10 s at most. */
const SHUTDOWN_LIMIT_MS = 9000;
/** How long a job running at shutdown may take to finish before pg-boss stops waiting for it. */
const JOBS_STOP_MS = 3000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // Before the database opens and the app is built: they wrap themselves in spans when it is on.
  const tracing = await startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
  });
  const ctx = await createContext(config, logger).catch((err: unknown) => {
    if (err instanceof DatabaseInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  await ensureAdminFromConfig(ctx, logger);
  const app = await buildApp(ctx, { webRoot, logger });
  await ctx.jobs.start(backgroundJobs(ctx, logger));
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer(ctx.metrics, config.METRICS_HOST, config.METRICS_PORT);

  // SIGTERM, SIGINT, or an error nothing caught: readiness turns 503 and the SSE streams end with a
  // retry hint at once; the load balancer has SHUTDOWN_DRAIN_MS to notice; then the server stops
  // accepting, lets the requests in flight finish, and the jobs, bus and database close (ADR 046).
  closeWithGrace({ delay: SHUTDOWN_LIMIT_MS, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'stopping after an uncaught error');
    logger.info({ signal }, 'shutting down');
    ctx.lifecycle.drain();
    await sleep(config.SHUTDOWN_DRAIN_MS);
    await app.close();
    metricsServer?.close();
    // The jobs running get what is left of the budget; the drain and the requests had theirs.
    await ctx.jobs.stop(JOBS_STOP_MS);
    await ctx.bus.close();
    await ctx.limits.close();
    await ctx.database.close();
    await tracing?.shutdown();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info(
    {
      database: ctx.database.driver,
      mail: ctx.mail.name,
      rateLimits: ctx.limits.store,
      tracing: tracing !== null,
      metricsPort: config.METRICS_PORT,
    },
    'ready',
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`\n  Playbook is running at http://localhost:${port}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
