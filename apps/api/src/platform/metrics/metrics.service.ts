import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createServer, Server } from 'http';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { ConsumerLag, RunnersService } from '../projections/runners.service';
import { Queues } from '../queue/queues.service';
import { nameRequestSpan, stopTracing } from '../tracing/tracing';
import { AppendMetrics } from './append-metrics';
import { metricsAccess, MetricsAnswer } from './metrics-access';

/** Label values a metric may take before the rest are counted under "other": bounded cardinality whatever comes. */
const MAX_EVENT_TYPES = 300;
const MAX_QUEUES = 50;
/** Methods Fastify routes; anything else a client sends is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** How long one scrape reuses the lag it read (a scrape burst costs one set of queries). */
const LAG_CACHE_MS = 2000;
/** A collector that takes longer (database or Redis down) is left out of that scrape rather than holding it. */
const COLLECT_TIMEOUT_MS = 2500;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The process's metrics in Prometheus's text format (prom-client): HTTP requests by route template and status,
 * events appended by type, each projection's and reactor's lag and parked events, BullMQ queue depths and job
 * failures, PostgreSQL pool usage, and Node's default metrics. Served at /metrics (metrics-access.ts says
 * where and to whom). Lag, parked events and queue depths are read from the database and Redis at each
 * scrape, so every process reports the same values for them: aggregate those with max(), the per-process
 * counters (requests, appends, job failures) with sum() (docs/operations.md, Metrics and traces).
 */
@Injectable()
export class MetricsService implements AppendMetrics, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly appended: Counter<'type'>;
  private readonly jobsDone: Counter<'queue' | 'outcome'>;
  private readonly eventTypes = new Set<string>();
  private lagRead: { at: number; lag: Promise<ConsumerLag[]> } | null = null;
  private parkedCounted = 0;
  private port: Server | null = null;
  /** Set once createApp hands this process's Fastify instance over: an HTTP process, not a command-line one. */
  private httpProcess = false;
  private unsubscribeJobs: (() => void) | null = null;

  constructor(
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly db: DatabaseService,
    private readonly runners: RunnersService,
    private readonly queues: Queues,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'facet_http_request_duration_seconds',
      help: 'HTTP requests by method, route template (never the raw path; "unmatched" when no route matched) and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.appended = new Counter({
      name: 'facet_events_appended_total',
      help: `Events this process appended to the log, by event type (past ${MAX_EVENT_TYPES} types, "other")`,
      labelNames: ['type'],
      registers,
    });
    this.jobsDone = new Counter({
      name: 'facet_queue_jobs_processed_total',
      help: "Job attempts this process's BullMQ workers finished, by queue and outcome (completed, failed)",
      labelNames: ['queue', 'outcome'],
      registers,
    });
    // What the collectors read at each scrape (inside collect(), `this` is the metric itself).
    const read = {
      parkedSinceStart: () => this.runners.parkedSinceStart,
      lag: () => this.lag(),
      queueCounts: () => this.queueCounts(),
      pools: () => this.pools(),
    };
    let parkedLast = 0;
    new Counter({
      name: 'facet_events_parked_total',
      help: 'Events this process (and its projector thread) parked since it started',
      registers,
      collect() {
        const now = read.parkedSinceStart();
        if (now > parkedLast) this.inc(now - parkedLast);
        parkedLast = now;
      },
    });
    const consumerGauge = (name: string, help: string, pick: (c: ConsumerLag) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind', 'consumer'],
        registers,
        async collect() {
          this.reset();
          const lag = await read.lag().catch(() => null);
          for (const c of lag ?? []) this.set({ kind: c.kind, consumer: c.name }, pick(c));
        },
      });
    consumerGauge(
      'facet_consumer_events_behind',
      'Events of its types a projection or reactor has not handled yet (counted up to 1000); the same in every process',
      (c) => c.events_behind,
    );
    consumerGauge(
      'facet_consumer_lag_seconds',
      'Age of the oldest event a projection or reactor has not handled yet, 0 when caught up; the same in every process',
      (c) => c.seconds_behind,
    );
    consumerGauge('facet_consumer_parked_events', 'Events parked for a projection or reactor; the same in every process', (c) => c.parked);
    new Gauge({
      name: 'facet_queue_jobs',
      help: 'BullMQ jobs by queue and state (waiting, active, delayed, prioritized, failed, completed); the same in every process',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        const counts = await within(read.queueCounts(), COLLECT_TIMEOUT_MS).catch(() => []);
        for (const [queue, byState] of counts) for (const state of QUEUE_STATES) this.set({ queue, state }, byState[state] ?? 0);
      },
    });
    new Gauge({
      name: 'facet_pg_pool_connections',
      help: "This process's PostgreSQL pools: connections open (total), idle, and queries waiting for one (waiting)",
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        this.reset();
        for (const [name, pool] of read.pools()) {
          this.set({ pool: name, state: 'total' }, pool.totalCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
          this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
    new Gauge({
      name: 'facet_pg_pool_max_connections',
      help: "This process's PostgreSQL pools' ceilings",
      labelNames: ['pool'],
      registers,
      collect() {
        this.reset();
        for (const [name, pool] of read.pools()) this.set({ pool: name }, pool.options.max ?? 10);
      },
    });
  }

  /** Called by EventSourcing after each append. */
  eventsAppended(types: readonly string[]): void {
    for (const type of types) {
      if (!this.eventTypes.has(type) && this.eventTypes.size < MAX_EVENT_TYPES) this.eventTypes.add(type);
      this.appended.inc({ type: this.eventTypes.has(type) ? type : 'other' });
    }
  }

  /**
   * Times every request by its route template and serves /metrics on the shop's port where allowed
   * (bootstrap.ts calls this before any route is registered).
   */
  watch(fastify: FastifyInstance): void {
    this.httpProcess = true;
    fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      nameRequestSpan(request.method, request.routeOptions?.url, String(request.id), request.url);
      done();
    });
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      // The route's template ("/api/orders/:id", "/*" for static files and pages): a hostile URL adds no series.
      const route = request.routeOptions?.url ?? 'unmatched';
      this.requestDuration.observe({ method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
    const access = metricsAccess(this.config, 'shop');
    if (access === 'off') {
      if (this.config.env === 'production' && !this.config.metrics.port)
        this.logger.warn('/metrics is off: set METRICS_TOKEN (Bearer) or METRICS_PORT to serve it in production');
      return;
    }
    fastify.get('/metrics', async (request, reply) => {
      const answer = await this.answer(request.headers.authorization, 'shop');
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  }

  /** The text of a scrape, or why not (401 without the token where one is asked for). */
  async answer(authorization: string | undefined, where: 'shop' | 'port'): Promise<MetricsAnswer> {
    const denied = metricsAccess(this.config, where, authorization);
    if (denied !== 'allowed')
      return {
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="metrics"', 'cache-control': 'no-store' },
        body: JSON.stringify({ detail: 'Metrics need the scrape token: Authorization: Bearer <METRICS_TOKEN>.' }),
      };
    return {
      status: 200,
      headers: { 'content-type': this.registry.contentType, 'cache-control': 'no-store' },
      body: await this.registry.metrics(),
    };
  }

  /** METRICS_PORT: /metrics alone on a port of its own, in every process started as a server (any role). */
  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribeJobs = this.queues.onJobDone((queue, outcome) => this.jobsDone.inc({ queue, outcome }));
    const port = this.config.metrics.port;
    if (!port || !this.httpProcess) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Only GET /metrics is served here.' }));
        return;
      }
      this.answer(req.headers.authorization, 'port').then(
        (a) => res.writeHead(a.status, a.headers).end(a.body),
        (err: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: err.message })),
      );
    });
    await new Promise<void>((resolve) => {
      // Another process of this host on the same port: this one goes on without (logged), never fails to start.
      server.once('error', (err) => {
        this.logger.error(`metrics port ${port}: ${err.message}; this process serves no metrics`);
        resolve();
      });
      server.listen(port, this.config.host, () => {
        this.port = server;
        resolve();
      });
    });
  }

  /** The port this process serves /metrics on alone, if any (tests read it). */
  get portAddress(): number | null {
    const address = this.port?.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribeJobs?.();
    const server = this.port;
    this.port = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    // Spans still buffered leave before the process does.
    await stopTracing();
  }

  /** Every projection's and reactor's lag, read at most once per LAG_CACHE_MS whatever the number of scrapes. */
  private lag(): Promise<ConsumerLag[]> {
    const now = Date.now();
    if (!this.lagRead || now - this.lagRead.at > LAG_CACHE_MS) {
      const lag = within(this.runners.lag(), COLLECT_TIMEOUT_MS);
      lag.catch(() => undefined);
      this.lagRead = { at: now, lag };
    }
    return this.lagRead.lag;
  }

  /** The job counts of every queue this shop has opened (the registry every process writes to), by state. */
  private async queueCounts(): Promise<[string, Record<string, number>][]> {
    const registered = await this.queues.redis().smembers(this.queues.registryKey());
    const names = [...new Set([...registered, ...this.queues.openedHere()])]
      .filter((n) => /^[A-Za-z0-9_.:-]{1,64}$/.test(n))
      .sort()
      .slice(0, MAX_QUEUES);
    return Promise.all(
      names.map(async (name) => [name, await this.queues.queue(name).getJobCounts(...QUEUE_STATES)] as [string, Record<string, number>]),
    );
  }

  /** This process's pools by name: the requests', the pipelines', the session-lock waiters'. */
  private pools(): [string, Pool][] {
    const pools: [string, Pool | undefined][] = [
      ['requests', this.db.pool],
      ['pipeline', this.runners.pool],
      ['locks', (this.db as { lockPool?: Pool }).lockPool],
    ];
    return pools.filter((p): p is [string, Pool] => p[1] !== undefined);
  }
}
