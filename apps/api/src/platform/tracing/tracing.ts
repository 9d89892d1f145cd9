/**
 * Traces (OpenTelemetry), exported as OTLP over HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set. When it is
 * not, nothing of OpenTelemetry is loaded: every function here is a plain call-through (no span, no context).
 *
 * One order is one trace: the HTTP request's span (instrumentation-http, named by its Fastify route), the
 * append's span, whose context each event carries in its metadata (`traceparent`), then a child span per
 * reactor and event, whose context each BullMQ job carries in its data (`trace.traceparent`), then a child
 * span per job run (the mail, the payment poll), whose appends carry theirs again. A projection handles a batch
 * of events of many traces at once: its span links to each event's.
 *
 * startTracing() must run before fastify, pg and ioredis are first required (main.ts and the projector
 * thread import ./start-tracing first), or their instrumentations see nothing.
 */
import type * as OtelApi from '@opentelemetry/api';

type Api = typeof OtelApi;

/** The loaded API and the provider to flush at shutdown, once tracing has started. */
let otel: { api: Api; shutdown: () => Promise<void> } | null = null;

/** W3C Trace Context, version 00, lower case: 00-<trace-id>-<parent-id>-<flags>. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZEROS = /^0+$/;
/** Links per span: a projection batch of 500 events names at most this many of their traces. */
const MAX_LINKS = 128;
/** Requests that are not worth a trace: scrapes and probes. */
const UNTRACED_PATHS = /^\/(?:metrics|api\/health(?:\/.*)?|health)(?:\?|$)/;

export function tracingEnabled(): boolean {
  return otel !== null;
}

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (once per thread; later calls do nothing). The
 * exporter reads the standard OTEL_* variables itself (headers, timeout, batch delay, sampler: see
 * docs/configuration.md). Returns whether tracing is on.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  if (otel) return true;
  const endpoint = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim() || (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? '').trim();
  if (!endpoint) return false;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when configured: zero cost otherwise */
  const api = require('@opentelemetry/api') as Api;
  const { NodeTracerProvider, BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { isMainThread } = require('worker_threads') as typeof import('worker_threads');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': (env.OTEL_SERVICE_NAME ?? '').trim() || 'facet',
      'service.version': '0.1.0',
      'facet.roles': (env.FACET_ROLES ?? '').trim() || 'api,projector,worker',
      'facet.thread': isMainThread ? 'main' : 'projector',
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.test(req.url ?? ''),
        // The shop calls out over HTTP only to the mail relay's and payment provider's APIs; fetch is not traced.
        requireParentforOutgoingSpans: true,
      }),
      // Only inside a trace: the pipelines' polling and LISTEN, and BullMQ's blocking reads, would otherwise be
      // a root span each, many a second.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  otel = { api, shutdown: () => provider.shutdown() };
  return true;
}

/** Sends the spans still buffered and stops (the app's shutdown). */
export async function stopTracing(): Promise<void> {
  const running = otel;
  otel = null;
  await running?.shutdown().catch(() => undefined);
}

/** The active span's context as a W3C traceparent, or undefined when tracing is off or no span is active. */
export function currentTraceparent(): string | undefined {
  if (!otel) return undefined;
  const span = otel.api.trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!otel.api.isSpanContextValid(span.spanContext())) return undefined;
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** A traceparent read back from an event's metadata or a job's data; null when absent or malformed. */
function spanContextOf(api: Api, traceparent: unknown): OtelApi.SpanContext | null {
  if (typeof traceparent !== 'string') return null;
  const m = TRACEPARENT.exec(traceparent);
  if (!m || ZEROS.test(m[1]) || ZEROS.test(m[2])) return null;
  return { traceId: m[1], spanId: m[2], traceFlags: parseInt(m[3], 16) & 1 ? api.TraceFlags.SAMPLED : api.TraceFlags.NONE, isRemote: true };
}

export interface SpanOptions {
  /** internal (default), server, client, producer or consumer. */
  kind?: 'internal' | 'producer' | 'consumer';
  /** A traceparent to continue (a child span of it) instead of the active span. */
  parent?: unknown;
  /** Traceparents to link to (a batch of events of several traces); duplicates and bad ones are dropped. */
  links?: readonly unknown[];
  attributes?: Record<string, string | number | boolean | string[]>;
}

/** Runs fn in a span of its own (ended when fn settles, its error recorded); just runs fn when tracing is off. */
export function inSpan<T>(name: string, options: SpanOptions, fn: () => Promise<T>): Promise<T> {
  if (!otel) return fn();
  const api = otel.api;
  const parentContext = spanContextOf(api, options.parent);
  const context = parentContext ? api.trace.setSpanContext(api.ROOT_CONTEXT, parentContext) : api.context.active();
  const links: OtelApi.Link[] = [];
  const seen = new Set<string>();
  for (const l of options.links ?? []) {
    const sc = spanContextOf(api, l);
    if (!sc || seen.has(sc.spanId) || links.length >= MAX_LINKS) continue;
    seen.add(sc.spanId);
    links.push({ context: sc });
  }
  const kind = { internal: api.SpanKind.INTERNAL, producer: api.SpanKind.PRODUCER, consumer: api.SpanKind.CONSUMER }[
    options.kind ?? 'internal'
  ];
  const tracer = api.trace.getTracer('facet');
  return tracer.startActiveSpan(name, { kind, links, attributes: options.attributes }, context, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * Names the HTTP request's span by its route template ("POST /api/orders"), never its raw URL, and tags it
 * with the request's correlation id. Called from the Fastify onRequest hook (metrics.module.ts).
 */
export function nameRequestSpan(method: string, route: string | undefined, correlationId: string, url: string): void {
  if (!otel) return;
  const span = otel.api.trace.getActiveSpan();
  if (!span) return;
  if (route) {
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
  }
  span.setAttribute('facet.correlation_id', correlationId);
  // The query string stays out of traces (a search, a link's token): the URL attributes keep the path only.
  const path = url.split('?')[0].slice(0, 512);
  span.setAttributes({ 'http.target': path, 'url.path': path, 'url.query': '' });
  for (const key of ['http.url', 'url.full']) span.setAttribute(key, path);
}
