import { Injectable, Logger } from '@nestjs/common';
import { RunnersService } from '../../platform/projections/runners.service';
import { ConflictError } from '../../platform/domain/errors';
import { ReplayStatusDto } from '../http/dto/audit.dto';

/** One replay at a time per process, run in the background; staff poll its progress. */
@Injectable()
export class ReplayJob {
  private readonly logger = new Logger('ReplayJob');
  private status: ReplayStatusDto = { phase: 'idle', running: false, projection: null, events: 0, events_per_second: 0 };
  private running: Promise<void> | null = null;

  constructor(private readonly runners: RunnersService) {}

  current(): ReplayStatusDto {
    return { ...this.status };
  }

  start(startedBy: string | null): ReplayStatusDto {
    if (this.running) throw new ConflictError('A replay is already running');
    this.status = {
      phase: 'copying-structure',
      running: true,
      projection: null,
      events: 0,
      events_per_second: 0,
      started_at: new Date().toISOString(),
      finished_at: null,
      started_by: startedBy,
      result: null,
      error: null,
    };
    this.running = this.runners
      .replay({
        onProgress: (p) => {
          this.status = {
            ...this.status,
            phase: p.phase,
            projection: p.projection ?? null,
            events: p.events,
            total: p.total,
            events_per_second: p.eventsPerSecond,
            eta_seconds: p.etaSeconds,
          };
        },
      })
      .then((result) => {
        this.status = {
          ...this.status,
          phase: 'done',
          running: false,
          events: result.events,
          events_per_second: result.eventsPerSecond,
          eta_seconds: null,
          finished_at: new Date().toISOString(),
          result: { ...result },
        };
      })
      .catch((err: Error) => {
        this.logger.error(`replay failed: ${err.message}`);
        this.status = { ...this.status, phase: 'failed', running: false, finished_at: new Date().toISOString(), error: err.message };
      })
      .finally(() => {
        this.running = null;
      });
    return this.current();
  }

  /** For tests and shutdown: the replay in flight, if any. */
  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
