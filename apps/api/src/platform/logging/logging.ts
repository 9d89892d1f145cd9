import { LoggerService, RequestMethod } from '@nestjs/common';
import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import { Logger as NestPinoLogger, PinoLogger, Params } from 'nestjs-pino';
import pino, { Logger as Pino } from 'pino';
import pretty from 'pino-pretty';
import { FacetConfig } from '../config/config';
import { correlationIdFrom, peekContext } from '../context/request-context';

const PINO_LEVEL: Record<FacetConfig['logLevel'], pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Nest's start-up chatter (one line per module, controller and route): useful only when debugging. */
const FRAMEWORK_CHATTER = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

let root: Pino | null = null;

/** The process's root logger, made on first use from the configuration. */
export function processLogger(config: Pick<FacetConfig, 'logLevel' | 'logFormat'>): Pino {
  root ??= createRootLogger(config);
  return root;
}

/** The Nest logger for this process (HTTP app or command-line context). */
export function nestLogger(config: Pick<FacetConfig, 'logLevel' | 'logFormat'>): FacetLogger {
  return new FacetLogger(loggingParams(processLogger(config), config));
}

/**
 * One pino logger per process. JSON lines when LOG_FORMAT=json or when output is not a terminal (files,
 * pipes, orchestrators); readable single lines, coloured only on a terminal, otherwise. Every line written
 * while a request or job runs carries its correlation id.
 */
export function createRootLogger(config: Pick<FacetConfig, 'logLevel' | 'logFormat'>): Pino {
  const options: pino.LoggerOptions = {
    level: PINO_LEVEL[config.logLevel],
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const context = peekContext();
      return context ? { correlationId: context.correlationId } : {};
    },
  };
  if (config.logFormat === 'json') return pino(options, pino.destination({ sync: true }));
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context,correlationId,req,res,responseTime',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });
  return pino(options, stream);
}

/**
 * Fastify's request id, and so the correlation id every event of the request records, every log line carries
 * and the answer's X-Correlation-Id names: the caller's X-Correlation-Id when it is a UUID or a W3C
 * traceparent (correlationIdFrom), or a new one.
 */
export function correlationIdFor(req: IncomingMessage): string {
  return correlationIdFrom(req.headers['x-correlation-id']) ?? randomUUID();
}

/** nestjs-pino's parameters: the root logger, and one line per request with its correlation id. */
export function loggingParams(root: Pino, config: Pick<FacetConfig, 'logFormat'>): Params {
  return {
    // Every API route (the storefront's static files are not logged).
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      logger: root,
      customProps: (req: IncomingMessage) => ({ correlationId: (req as IncomingMessage & { id?: string }).id }),
      // Requests are access-log lines in JSON; on a terminal they would drown the rest, so debug there.
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
        err || res.statusCode >= 500 ? 'error' : config.logFormat === 'json' ? 'info' : 'debug',
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url?.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}

/** The Nest logger over pino, with the framework's start-up chatter moved to debug. */
export class FacetLogger implements LoggerService {
  private readonly inner: NestPinoLogger;

  constructor(params: Params) {
    this.inner = new NestPinoLogger(new PinoLogger(params), params);
  }

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && FRAMEWORK_CHATTER.has(context)) this.inner.debug(message, ...rest);
    else this.inner.log(message, ...rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.inner.error(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.inner.warn(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.inner.debug(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.inner.verbose(message, ...rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.inner.fatal(message, ...rest);
  }
}
