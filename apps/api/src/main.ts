// First: tracing (when configured) patches fastify, pg and ioredis as they load.
import './platform/tracing/start-tracing';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { CatalogSeeder } from './catalog';
import { ReviewSeeder } from './reviews';
import { serveHealthPort } from './health';
import { ConfigError, loadConfig } from './platform/config/config';
import { MigrationChecksumError } from './platform/database/migrate';
import { retryWhileTransient } from './platform/database/startup-retry';
import { CommandBus } from '@nestjs/cqrs';
import { CreateFirstAdministratorCommand } from './staff';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp();
  // Only the api role takes PORT: projector and worker processes run beside the shop with no port set.
  if (!config.roles.includes('api')) {
    if (config.healthPort !== null) await serveHealthPort(app, config.healthPort, config.host);
    const health = config.healthPort === null ? 'no HTTP port' : `liveness on :${config.healthPort}/health`;
    Logger.log(
      `roles: ${config.roles.join(', ')} (${health}); event store: ${config.eventStoreUrl ? 'EventStoreDB' : 'PostgreSQL'}`,
      'Facet',
    );
    return;
  }
  // The only place an account is ever created without a request: the server's start.
  const retry = { giveUpAfterMs: config.startupRetrySeconds * 1000 };
  await retryWhileTransient(
    'creating the first administrator',
    () => app.get(CommandBus).execute(new CreateFirstAdministratorCommand()),
    retry,
  );
  await app.listen({ port: config.port, host: config.host });
  // In production an empty catalogue stays empty unless asked for; elsewhere the demo catalogue is listed.
  if (config.seedDemoCatalogue) {
    const listed = await retryWhileTransient('listing the demo catalogue', () => app.get(CatalogSeeder).seedIfEmpty(), retry);
    if (listed) Logger.log(`the catalogue was empty: listed ${listed} products`, 'Facet');
    // The seeded pieces' ratings as reviews (issue 41), also in a store seeded before reviews existed.
    await retryWhileTransient('listing the demo reviews', () => app.get(ReviewSeeder).seedIfMissing(), retry);
  }
  const url = `http://localhost:${config.port}`;
  Logger.log(`Facet is open: shop ${url}/  console ${url}/admin  API docs ${url}/api/docs`, 'Facet');
  Logger.log(`roles: ${config.roles.join(', ')}; event store: ${config.eventStoreUrl ? 'EventStoreDB' : 'PostgreSQL'}`, 'Facet');
  if (!config.adminCredentialsFromEnv && config.env !== 'production') {
    Logger.warn(
      `Development administrator: ${config.adminEmail} / ${config.adminPassword} (set ADMIN_EMAIL and ADMIN_PASSWORD to change)`,
      'Facet',
    );
  }
}

main().catch((err) => {
  // A refused setting or a changed migration is said in plain words, without a stack trace.
  console.error(err instanceof ConfigError || err instanceof MigrationChecksumError ? err.message : err);
  process.exit(1);
});
