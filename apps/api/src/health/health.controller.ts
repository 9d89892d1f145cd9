import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DatabaseService } from '../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { Queues } from '../platform/queue/queues.service';
import { Public } from '../platform/auth/auth.decorators';

class ComponentHealth {
  @ApiProperty({ enum: ['up', 'down'] }) status: 'up' | 'down';
  @ApiProperty({ required: false }) error?: string;
  @ApiProperty() latency_ms: number;
}

class HealthReport {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status: 'ok' | 'degraded';
  @ApiProperty() postgres: ComponentHealth;
  @ApiProperty() redis: ComponentHealth;
  @ApiProperty() event_store: ComponentHealth & { adapter?: string };
}

async function probe(check: () => Promise<unknown>): Promise<ComponentHealth> {
  const started = Date.now();
  try {
    await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000))]);
    return { status: 'up', latency_ms: Date.now() - started };
  } catch (err) {
    return { status: 'down', error: (err as Error).message, latency_ms: Date.now() - started };
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: DatabaseService,
    private readonly queues: Queues,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: HealthReport, description: 'Every dependency answers' })
  @ApiServiceUnavailableResponse({ type: HealthReport, description: 'One or more dependencies are down' })
  async health(@Res({ passthrough: true }) reply: any): Promise<HealthReport> {
    const [postgres, redis, eventStore] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      probe(() => this.queues.ping()),
      probe(() => this.store.ping()),
    ]);
    const ok = postgres.status === 'up' && redis.status === 'up' && eventStore.status === 'up';
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', postgres, redis, event_store: { ...eventStore, adapter: this.store.name } };
  }
}
