import 'reflect-metadata';
import type { FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'fs';
import { join, resolve } from 'path';
import { AppModule } from './app.module';
import { catalogueHttpCache } from './catalog';
import { loadConfig } from './platform/config/config';
import { MetricsService } from './platform/metrics/metrics.service';
import { correlationIdFor, nestLogger } from './platform/logging/logging';
import { migrateShop } from './platform/database/migrate';
import { retryWhileTransient } from './platform/database/startup-retry';
import { answerPendingWith202, ContextInterceptor } from './platform/http/context.interceptor';
import { clientErrorHandler, frameworkErrors } from './platform/http/client-error';
import { HttpExceptionFilter } from './platform/http/http-exception.filter';
import { servePages, SpaRoot } from './platform/http/page-routes';
import { AllowedMethods } from './platform/http/allowed-methods';
import { setUpSwagger } from './platform/http/swagger';
import { wholeAnswerCompression } from './platform/http/whole-answer-compression';
import { createValidationPipe } from './platform/http/validation';
import { securityHeaders } from './platform/http/security-headers';
import { checkStorableInput, depthLimitedJsonParser, formParserFor, keepRawBodyFor } from './platform/http/storable-input';
import { StorefrontRenderer } from './storefront';
import { constants as zlib } from 'zlib';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
/** Answers smaller than this go uncompressed. */
const COMPRESSION_THRESHOLD = 1024;
export const STOREFRONT_DIST = join(REPO_ROOT, 'apps', 'storefront', 'dist');
export const ADMIN_DIST = join(REPO_ROOT, 'apps', 'admin', 'dist');

/**
 * Builds the whole shop on one Fastify server: the API under /api (with Swagger), the storefront at /
 * and the staff console at /admin. Used by main.ts and by the tests.
 */
export async function createApp(options: { migrate?: boolean } = {}): Promise<NestFastifyApplication> {
  const config = loadConfig();
  const logger = nestLogger(config);
  if (options.migrate !== false) {
    const applied = await retryWhileTransient('migrating', () => migrateShop(config, (line) => logger.debug(line, 'Migrate')), {
      giveUpAfterMs: config.startupRetrySeconds * 1000,
    });
    if (applied.length) logger.log(`applied ${applied.length} migration(s), ${applied[0]} to ${applied[applied.length - 1]}`, 'Migrate');
  }

  const adapter = new FastifyAdapter({
    bodyLimit: 16 * 1024 * 1024, // custom designs carry an image of up to 10 MB as a data URL
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    genReqId: correlationIdFor,
    clientErrorHandler,
    frameworkErrors,
  });
  // The API speaks JSON only: other body types are refused with 415 rather than half-parsed.
  adapter.getInstance().removeContentTypeParser(['text/plain']);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger,
  });
  app.enableShutdownHooks();
  // Request timings by route and /metrics, before any other hook or route (platform/metrics).
  app.get(MetricsService).watch(adapter.getInstance());
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'robots.txt', method: RequestMethod.GET },
      { path: 'sitemap.xml', method: RequestMethod.GET },
    ],
  });

  // Every answer names its correlation id, also those that never reach a controller (404s, refused bodies).
  adapter.getInstance().addHook('onRequest', (request: { id: string }, reply: { header(n: string, v: string): void }, done: () => void) => {
    reply.header('x-correlation-id', request.id);
    done();
  });

  // Nest's JSON and form parsers, then both swapped: JSON behind a depth limit, forms for one route only.
  const fastify = adapter.getInstance();
  const allowedMethods = new AllowedMethods();
  allowedMethods.watch(fastify);
  adapter.registerParserMiddleware('api', false);
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    // Bytes, not a string: the parser decodes them strictly (storable-input.ts).
    { parseAs: 'buffer', bodyLimit: fastify.initialConfig.bodyLimit },
    // Fastify's parser under the plain signature the depth limit wraps (its request and done, not Fastify's types).
    // Stripe's webhook also keeps the bytes its signature is over (payments/http/stripe-webhook.controller.ts).
    keepRawBodyFor(
      ['/api/payments/stripe/webhook'],
      depthLimitedJsonParser(fastify.getDefaultJsonParser('error', 'error') as Parameters<typeof depthLimitedJsonParser>[0]),
    ),
  );
  // Form bodies only for the sandbox checkout page's own form (storable-input.ts says why).
  fastify.removeContentTypeParser('application/x-www-form-urlencoded');
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: fastify.initialConfig.bodyLimit },
    formParserFor(['/api/payments/sandbox/checkout/:sessionId']),
  );
  // Every string of every /api request (path, query, headers, body) that PostgreSQL could not store: 400.
  fastify.addHook('preValidation', async (request: FastifyRequest) => checkStorableInput(request));

  await app.register(fastifyCookie);
  // Responses over 1 KB are compressed: answers whole in memory (JSON, server-rendered pages) by
  // wholeAnswerCompression below, streams here; brotli at a quality cheap enough to run per response (static
  // files are precompressed at build time and pass through untouched).
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await securityHeaders(app, config);
  await catalogueHttpCache(app);
  // After the catalogue's hooks, which keep and compare the plain text. A copy is kept only of answers that
  // are the same for everyone: catalogue reads and pages (not the API's other answers, some personal).
  await wholeAnswerCompression(app, {
    threshold: COMPRESSION_THRESHOLD,
    keep: (request, reply) =>
      request.catalogueVersion !== undefined ||
      (!request.url.startsWith('/api/') && String(reply.getHeader('content-type') ?? '').startsWith('text/html')),
  });

  const spas: SpaRoot[] = [];
  // The build writes .br and .gz beside each file (scripts/precompress.mjs); hashed assets never change.
  // One route per file of a build (read at start), so that every other path is left to the pages' route; none
  // for the compressed copies, which the file's route finds on disk (preCompressed): their routes, half of the
  // ~1,300, cost every start about a second.
  const staticOptions = {
    decorateReply: false,
    globIgnore: ['**/*.br', '**/*.gz'],
    index: ['index.html'],
    wildcard: false,
    serveDotFiles: true,
    preCompressed: true,
    setHeaders: (reply: { header(name: string, value: string): void }, path: string) => {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      // Artwork keeps its name when redrawn: a day fresh, then revalidated (ETag) in the background.
      else if (/[\\/]images[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
    },
  };
  if (existsSync(ADMIN_DIST)) {
    await app.register(fastifyStatic, { ...staticOptions, root: ADMIN_DIST, prefix: '/admin/' });
    spas.push({ prefix: '/admin', indexFile: join(ADMIN_DIST, 'index.html') });
  }
  if (existsSync(STOREFRONT_DIST)) {
    // No index file: "/" is a page like the others, rendered on the server when the SSR build is there.
    await app.register(fastifyStatic, { ...staticOptions, index: false, root: STOREFRONT_DIST, prefix: '/' });
    const renderer = app.get(StorefrontRenderer);
    spas.push({
      prefix: '/',
      indexFile: join(STOREFRONT_DIST, 'index.html'),
      render: renderer.enabled ? (url) => renderer.page(url) : undefined,
    });
  }

  // Every path no other route takes: the apps' pages (platform/http/page-routes.ts).
  servePages(fastify, spas);

  const filter = new HttpExceptionFilter(allowedMethods);
  app.useGlobalFilters(filter);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalInterceptors(new ContextInterceptor());
  answerPendingWith202(app.getHttpAdapter().getInstance());

  setUpSwagger(app);
  await app.init();
  return app;
}
