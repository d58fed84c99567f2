import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { backgroundJobs, createContext, ensureAdminFromConfig } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { createLogger } from './logging';
import { startJobs } from './jobs/scheduler';

// The bundle runs from dist/server; the web build sits beside it in dist/web.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

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
  const ctx = await createContext(config, logger).catch((err: unknown) => {
    if (err instanceof DatabaseInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
  await ensureAdminFromConfig(ctx, logger);
  const app = await buildApp(ctx, { webRoot, logger });
  const stopJobs = startJobs(backgroundJobs(ctx, logger), logger);

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await stopJobs();
    await app.close();
    await ctx.bus.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info({ database: ctx.database.driver, mail: ctx.mail.name }, 'ready');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`\n  Playbook is running at http://localhost:${port}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
