import { BeforeApplicationShutdown, Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DatabaseService } from '../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { Queues } from '../platform/queue/queues.service';
import { Public } from '../platform/auth/auth.decorators';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { RunnersService } from '../platform/projections/runners.service';
import { StorefrontRenderer } from '../storefront';
import { withinDeadline } from './probe-deadline';

class ComponentHealth {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiProperty({ required: false }) error?: string;
  @ApiProperty() latency_ms: number;
}

class EventStoreHealth extends ComponentHealth {
  @ApiProperty({ required: false, description: 'Which event store adapter answers' }) adapter?: string;
}

class ConsumerHealth {
  @ApiProperty({ example: 'orders' }) name: string;
  @ApiProperty({ enum: ['projection', 'reactor'] }) kind: 'projection' | 'reactor';
  @ApiProperty({ description: 'Events of its types not handled yet (counted up to 1000)' }) events_behind: number;
  @ApiProperty({ description: 'Age in seconds of the oldest event not handled yet; 0 when caught up' }) seconds_behind: number;
  @ApiProperty({ description: 'Events parked for it (see /api/admin/parked-events)' }) parked: number;
}

class HealthReport {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status: 'ok' | 'degraded';
  @ApiProperty({ type: [String], description: 'Why the status is degraded: a dependency down, parked events, a projection behind' })
  reasons: string[];
  @ApiProperty() postgres: ComponentHealth;
  @ApiProperty() redis: ComponentHealth;
  @ApiProperty({ type: EventStoreHealth }) event_store: EventStoreHealth;
  @ApiProperty({ description: 'Events parked across all projections and reactors' }) parked_total: number;
  @ApiProperty({ description: 'Events this process parked since it started' }) parked_since_start: number;
  @ApiProperty({ type: [ConsumerHealth], description: 'Every projection and reactor: how far behind the log, parked events' })
  consumers: ConsumerHealth[];
}

class ReadinessReport {
  @ApiProperty({ enum: ['ready', 'not-ready'] }) status: 'ready' | 'not-ready';
  @ApiProperty({ type: [String] }) reasons: string[];
}

/** How long one dependency may take to answer before it counts as down. */
const PROBE_TIMEOUT_MS = 2000;

type Check = () => Promise<HealthIndicatorResult>;
@ApiTags('health')
@Controller('health')
export class HealthController implements BeforeApplicationShutdown {
  private shuttingDown = false;

  constructor(
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly db: DatabaseService,
    private readonly queues: Queues,
    private readonly runners: RunnersService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly storefront: StorefrontRenderer,
  ) {}

  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
  }

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Dependencies, and how far each projection and reactor is behind the log',
    description:
      '503 when PostgreSQL, Redis or the event store is down. 200 with status "degraded" when events are parked, a ' +
      "projection or reactor is more than HEALTH_MAX_LAG_SECONDS behind the log, or the storefront's server build is " +
      'there but cannot render pages.',
  })
  @ApiOkResponse({ type: HealthReport, description: 'Every dependency answers (status ok, or degraded with reasons)' })
  @ApiServiceUnavailableResponse({ type: HealthReport, description: 'One or more dependencies are down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    // Through the probe connection, as readiness does: a busy pool is a slow shop, not a database that is down.
    const checked = await this.run([
      this.indicator('postgres', () => this.db.probe()),
      this.indicator('redis', () => this.queues.ping()),
      // The PostgreSQL event store lives in the same database: the probe above answers for it too.
      ...(this.store.name === 'postgres' ? [] : [this.indicator('event_store', () => this.store.ping())]),
    ]);
    const postgres = component(checked, 'postgres');
    const redis = component(checked, 'redis');
    const eventStore = this.store.name === 'postgres' ? postgres : component(checked, 'event_store');
    const reasons: string[] = [];
    for (const [name, c] of [
      ['postgres', postgres],
      ['redis', redis],
      ['event store', eventStore],
    ] as const) {
      if (c.status === 'down') reasons.push(`${name} is down: ${c.error}`);
    }
    const dependenciesUp = reasons.length === 0;
    let consumers: ConsumerHealth[] = [];
    if (postgres.status === 'up' && eventStore.status === 'up') {
      consumers = await this.runners.lag().catch((err: Error) => {
        reasons.push(`projection status unavailable: ${err.message}`);
        return [];
      });
    }
    const parkedTotal = consumers.reduce((n, c) => n + c.parked, 0);
    for (const c of consumers) {
      if (c.parked > 0) reasons.push(`${c.kind} ${c.name}: ${c.parked} parked`);
      if (c.seconds_behind > this.config.healthMaxLagSeconds)
        reasons.push(`${c.kind} ${c.name}: ${c.seconds_behind} s (${c.events_behind} events) behind`);
    }
    if (postgres.status === 'up') {
      // Mail the outbox sweeper has not got out for a quarter of an hour: the relay is down or refusing it.
      const stuck = await this.db
        .one<{ n: number }>("SELECT count(*)::int AS n FROM public.mail_outbox WHERE created_at < now() - interval '15 minutes'")
        .catch(() => null);
      if (stuck && stuck.n > 0) reasons.push(`mail: ${stuck.n} waiting in the outbox for over 15 minutes (is the SMTP relay reachable?)`);
    }
    if (this.config.roles.includes('api')) {
      // A server build that is there but cannot render: every page is the browser-only shell (unknown pages
      // answer 200, products carry no h1 nor JSON-LD), which nothing else would say.
      const ssr = await this.storefront.problem();
      if (ssr) reasons.push(`storefront: ${ssr}`);
    }
    reply.status(dependenciesUp ? 200 : 503);
    return {
      status: reasons.length === 0 ? 'ok' : 'degraded',
      reasons,
      postgres,
      redis,
      event_store: { ...eventStore, adapter: this.store.name },
      parked_total: parkedTotal,
      parked_since_start: this.runners.parkedSinceStart,
      consumers,
    };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness for a load balancer: 503 while this process cannot serve (database or event store unreachable, shutting down)',
  })
  @ApiOkResponse({ type: ReadinessReport })
  @ApiServiceUnavailableResponse({ type: ReadinessReport })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const reasons: string[] = [];
    if (this.shuttingDown) reasons.push('shutting down');
    // Whether the dependencies answer at all, never whether the main pool has a free connection: a pool busy
    // behind a locked table is a slow instance, not one a load balancer should pull.
    const checked = await this.run([
      this.indicator('postgres', () => this.db.probe()),
      // The PostgreSQL event store lives in the same database: the probe above answers for it too.
      ...(this.store.name === 'postgres' ? [] : [this.indicator('event_store', () => this.store.ping())]),
    ]);
    const postgres = component(checked, 'postgres');
    const eventStore = this.store.name === 'postgres' ? postgres : component(checked, 'event_store');
    if (postgres.status === 'down') reasons.push(`postgres is down: ${postgres.error}`);
    if (eventStore !== postgres && eventStore.status === 'down') reasons.push(`event store is down: ${eventStore.error}`);
    reply.status(reasons.length ? 503 : 200);
    return { status: reasons.length ? 'not-ready' : 'ready', reasons };
  }

  /** One dependency as a terminus indicator: up with its latency, or down with the error (a timeout counts). */
  private indicator(key: string, check: () => Promise<unknown>): Check {
    return async () => {
      const session = this.indicators.check(key);
      const started = Date.now();
      try {
        await withinDeadline(check(), PROBE_TIMEOUT_MS, 'timed out after 2 s');
        return session.up({ latency_ms: Date.now() - started });
      } catch (err) {
        return session.down({ error: (err as Error).message, latency_ms: Date.now() - started });
      }
    };
  }

  /** Terminus runs the indicators together; a failed check answers 503 with the same details, read here. */
  private async run(checks: Check[]): Promise<HealthCheckResult> {
    try {
      return await this.terminus.check(checks);
    } catch (err) {
      if (err instanceof ServiceUnavailableException) return err.getResponse() as HealthCheckResult;
      throw err;
    }
  }
}

/** One dependency's part of terminus's answer, in the shape /api/health has always had. */
function component(result: HealthCheckResult, key: string): ComponentHealth {
  const detail = (result.details[key] ?? { status: 'down', error: 'not checked' }) as Record<string, unknown>;
  const health: ComponentHealth = { status: detail.status === 'up' ? 'up' : 'down', latency_ms: Number(detail.latency_ms ?? 0) };
  if (health.status === 'down') {
    const reason: unknown = detail.error ?? detail.message ?? 'down';
    health.error = String(reason);
  }
  return health;
}
