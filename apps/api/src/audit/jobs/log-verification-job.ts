import { Inject, Injectable, Logger } from '@nestjs/common';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DatabaseService } from '../../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../../platform/event-store/event-store';
import { anchorRedisKey, loadAnchors, logName } from '../../platform/event-store/log-anchors';
import { recordedVerification } from '../../platform/event-store/log-verifier';
import { Queues } from '../../platform/queue/queues.service';
import { ConflictError } from '../../platform/domain/errors';
import { LogVerificationDto } from '../http/dto/audit-history.dto';

/**
 * Runs the log verifier in the background for the console (one at a time per process), against the signed
 * anchors in this machine's anchors file and in Redis, as `npm run verify-log` does; runs are kept in
 * es_log_verifications (the first break names the global positions gone).
 */
/** A row of public.es_log_verifications (migration 060); bigint counts come back as text. */
interface VerificationRow {
  id: string;
  started_at: Date;
  finished_at: Date | null;
  started_by: string | null;
  status: string;
  events: string;
  streams: string;
  breaks: string;
  first_break: Record<string, unknown> | null;
  checkpoints_checked: number;
  checkpoints_written: number;
  events_per_second: number | null;
  error: string | null;
}

@Injectable()
export class LogVerificationJob {
  private readonly logger = new Logger('LogVerification');
  private running: Promise<void> | null = null;
  private progress = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly db: DatabaseService,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly queues: Queues,
  ) {}

  start(startedBy: string | null): void {
    if (this.running) throw new ConflictError('A verification of the log is already running');
    this.progress = 0;
    const log = logName(this.config.databaseDirectUrl);
    const redis = this.queues.redis();
    this.running = loadAnchors({
      settings: this.config.logAnchors,
      log,
      // Redis down: the anchors file alone is checked.
      redis: { key: anchorRedisKey(this.config.queuePrefix, log), get: (key) => redis.get(key).catch(() => null) },
    })
      .then((anchors) => recordedVerification(this.store, this.db.pool, startedBy, { anchors, onProgress: (n) => (this.progress = n) }))
      .then(({ report }) => {
        if (!report.ok) {
          const missing = report.missingPositions ? `; events gone at global positions ${report.missingPositions}` : '';
          this.logger.error(`the event log is BROKEN: ${JSON.stringify(report.firstBreak)}${missing}`);
        }
      })
      .catch((err: Error) => this.logger.error(`verification failed: ${err.message}`))
      .finally(() => {
        this.running = null;
      });
  }

  /** The most recent run (finished or running), or null when the log was never verified. */
  async latest(): Promise<LogVerificationDto | null> {
    const [row] = await this.db.query<VerificationRow>(
      `SELECT id, started_at, finished_at, started_by, status, events, streams, breaks, first_break,
              checkpoints_checked, checkpoints_written, events_per_second, error
         FROM public.es_log_verifications ORDER BY started_at DESC LIMIT 1`,
    );
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      started_at: new Date(row.started_at).toISOString(),
      finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      started_by: row.started_by,
      events: row.status === 'running' ? this.progress : Number(row.events),
      streams: Number(row.streams),
      breaks: Number(row.breaks),
      first_break: row.first_break,
      checkpoints_checked: row.checkpoints_checked,
      checkpoints_written: row.checkpoints_written,
      events_per_second: row.events_per_second,
      error: row.error,
    };
  }

  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
