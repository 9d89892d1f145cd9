import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'fs';
import { join, resolve } from 'path';
import { AppModule } from './app.module';
import { FacetConfig, loadConfig } from './platform/config/config';
import { migrate } from './platform/database/migrate';
import { ContextInterceptor } from './platform/http/context.interceptor';
import { clientErrorHandler, frameworkErrors } from './platform/http/client-error';
import { HttpExceptionFilter, SpaRoot } from './platform/http/http-exception.filter';
import { setUpSwagger } from './platform/http/swagger';
import { createValidationPipe } from './platform/http/validation';
import { securityHeaders } from './platform/http/security-headers';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const STOREFRONT_DIST = join(REPO_ROOT, 'apps', 'storefront', 'dist');
export const ADMIN_DIST = join(REPO_ROOT, 'apps', 'admin', 'dist');

const LOG_LEVELS: Record<FacetConfig['logLevel'], LogLevel[]> = {
  error: ['error', 'fatal'],
  warn: ['error', 'fatal', 'warn'],
  log: ['error', 'fatal', 'warn', 'log'],
  debug: ['error', 'fatal', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * Builds the whole shop on one Fastify server: the API under /api (with Swagger), the storefront at /
 * and the staff console at /admin. Used by main.ts and by the tests.
 */
export async function createApp(options: { migrate?: boolean } = {}): Promise<NestFastifyApplication> {
  const config = loadConfig();
  if (options.migrate !== false) await migrate(config.databaseUrl, (l) => Logger.log(l, 'Migrate'));

  const adapter = new FastifyAdapter({
    bodyLimit: 16 * 1024 * 1024, // custom designs carry an image of up to 10 MB as a data URL
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    allowErrorHandlerOverride: true,
    clientErrorHandler,
    frameworkErrors,
  } as any);
  // The API speaks JSON only: other body types are refused with 415 rather than half-parsed.
  adapter.getInstance().removeContentTypeParser(['text/plain']);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger: LOG_LEVELS[config.logLevel],
    bufferLogs: false,
  });
  app.enableShutdownHooks();
  app.setGlobalPrefix('api');

  await app.register(fastifyCookie as any);
  securityHeaders(app, config);

  const spas: SpaRoot[] = [];
  // The build writes .br and .gz beside each file (scripts/precompress.mjs); hashed assets never change.
  const staticOptions = {
    decorateReply: false,
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    setHeaders: (reply: { header(name: string, value: string): void }, path: string) => {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  };
  if (existsSync(ADMIN_DIST)) {
    await app.register(fastifyStatic as any, { ...staticOptions, root: ADMIN_DIST, prefix: '/admin/' });
    spas.push({ prefix: '/admin', indexFile: join(ADMIN_DIST, 'index.html') });
  }
  if (existsSync(STOREFRONT_DIST)) {
    await app.register(fastifyStatic as any, { ...staticOptions, root: STOREFRONT_DIST, prefix: '/' });
    spas.push({ prefix: '/', indexFile: join(STOREFRONT_DIST, 'index.html') });
  }

  const filter = new HttpExceptionFilter(spas);
  app.useGlobalFilters(filter);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new ContextInterceptor());
  // Errors thrown before Nest routes the request (malformed JSON, wrong content type) get the same shape.
  app
    .getHttpAdapter()
    .getInstance()
    .setErrorHandler((error: unknown, request: any, reply: any) => {
      const { status, body } = filter.describe(error, request);
      reply.status(status).send(body);
    });

  setUpSwagger(app);
  await app.init();
  return app;
}
