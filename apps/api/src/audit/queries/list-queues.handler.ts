import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { Queues } from '../../platform/queue/queues.service';
import { QueueOverviewDto } from '../http/dto/audit.dto';
import { ListQueuesQuery } from './list-queues.query';

/** Queues the shop is known to use; those in the registry of opened queues, and others found in Redis under our prefix, are listed too. */
export const KNOWN_QUEUES = ['mail'];

@QueryHandler(ListQueuesQuery)
export class ListQueuesHandler implements IQueryHandler<ListQueuesQuery, QueueOverviewDto[]> {
  constructor(
    private readonly queues: Queues,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  private async names(): Promise<string[]> {
    const names = new Set([...KNOWN_QUEUES, ...this.queues.openedHere()]);
    try {
      const prefix = this.config.queuePrefix;
      const redis = this.queues.redis();
      for (const name of await redis.smembers(this.queues.registryKey())) names.add(name);
      // Queues opened before the registry existed: a bounded scan, which may miss some in a very large Redis.
      let cursor = '0';
      let rounds = 0;
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 500);
        for (const k of keys) names.add(k.slice(prefix.length + 1, -':meta'.length));
        cursor = next;
      } while (cursor !== '0' && ++rounds < 50);
    } catch {
      /* Redis down: the known names still show, each with its error */
    }
    return [...names].sort();
  }

  async execute(): Promise<QueueOverviewDto[]> {
    return Promise.all((await this.names()).map((n) => this.one(n)));
  }

  private async one(name: string): Promise<QueueOverviewDto> {
    const empty = { name, waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0, last_failed: [] };
    try {
      const q = this.queues.queue(name);
      const counts = await q.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
      const failed = await q.getFailed(0, 9);
      return {
        ...empty,
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
        delayed: counts.delayed ?? 0,
        last_failed: failed.filter(Boolean).map((j) => ({
          id: String(j.id),
          name: j.name,
          reason: j.failedReason ?? null,
          attempts: j.attemptsMade ?? 0,
          failed_at: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
        })),
        error: null,
      };
    } catch (err) {
      return { ...empty, error: `Queue unavailable: ${(err as Error).message}` };
    }
  }
}
