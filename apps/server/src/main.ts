/** Starts the shop: configuration, database, migrations, demo data, then listens. */
import './load-env-file';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { ensureFirstSuperAdmin, NoSuperAdminError } from './seed/first-admin';
import { errorWithoutQueryValues } from './lib/logged-error';
import { DemoDatabaseError, refuseDemoDatabase, seedDemoData } from './seed/seed';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: `${config.dataDir}/pglite`,
  });
  const app = await buildApp({ config, database });
  if (config.demoData) await seedDemoData({ database, config, log: app.log, images: app.images });
  try {
    if (!config.demo) await refuseDemoDatabase(database);
    await ensureFirstSuperAdmin({ database, config, log: app.log });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Otaku Shelf is open at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  // A refusal that says what to do needs no stack trace.
  if (
    error instanceof DataDirInUseError ||
    error instanceof NoSuperAdminError ||
    error instanceof DemoDatabaseError
  )
    console.error(error.message);
  // Printed as the log would have it: a failed query's values (a password hash) left out.
  else
    console.error(
      'Failed to start:',
      error instanceof Error ? errorWithoutQueryValues(error) : error,
    );
  process.exit(1);
});
