import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '../app.module';
import { loadConfig } from '../platform/config/config';
import { migrate } from '../platform/database/migrate';

/** The shop without HTTP, for command-line tasks. `roles` decides whether projections and workers run here. */
export async function cliContext(roles: string): Promise<INestApplicationContext> {
  process.env.FACET_ROLES = roles;
  const config = loadConfig();
  await migrate(config.databaseUrl, (l) => Logger.log(l, 'Migrate'));
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn', 'log'] });
  app.enableShutdownHooks();
  return app;
}
