import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '../app.module';
import { loadConfig } from '../platform/config/config';
import { migrateShop } from '../platform/database/migrate';
import { nestLogger } from '../platform/logging/logging';

/** The shop without HTTP, for command-line tasks. `roles` decides whether projections and workers run here. */
export async function cliContext(roles: string): Promise<INestApplicationContext> {
  process.env.FACET_ROLES = roles;
  const config = loadConfig();
  const logger = nestLogger(config);
  await migrateShop(config, (line) => logger.log(line, 'Migrate'));
  const app = await NestFactory.createApplicationContext(AppModule, { logger });
  app.enableShutdownHooks();
  return app;
}
