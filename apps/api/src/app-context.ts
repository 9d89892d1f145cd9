import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { AppModule } from './app.module';
import { loadConfig } from './platform/config/config';
import { migrateShop } from './platform/database/migrate';
import { nestLogger } from './platform/logging/logging';

/**
 * The shop without HTTP: the command-line tasks (cli/context.ts) and the projector thread
 * (platform/projections/projector-thread.worker.ts) boot it the same way. It lives at the composition root,
 * beside app.module.ts and bootstrap.ts, so the projector thread does not import the CLI's code (issue 42).
 * `roles` decides whether projections and workers run here.
 */
export async function shopContext(roles: string): Promise<INestApplicationContext> {
  process.env.FACET_ROLES = roles;
  const config = loadConfig();
  const logger = nestLogger(config);
  await migrateShop(config, (line) => logger.log(line, 'Migrate'));
  const app = await NestFactory.createApplicationContext(AppModule, { logger });
  app.enableShutdownHooks();
  return app;
}
