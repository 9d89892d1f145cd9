import { Job } from 'bullmq';
import { FacetConfig } from '../config/config';
import { traceIds, TraceIds } from '../context/request-context';
import { RecordedEvent } from '../event-store/event-store';
import { Queues } from './queues.service';
import { jobIdFor } from './reactor';

/** A job's data carries the conversation that queued it; Queues.worker runs the job inside it. */
export type TracedJobData<T> = T & { trace?: TraceIds };

/** One delayed job an event asks for: which queue, the job's name, and what its id says it is. */
export interface DelayedJobKind {
  queue: string;
  name: string;
  /** Prefixed to the event id in the job id, so the event queues its job once however often it is seen. */
  kind: string;
}

/**
 * Queues the event's job to run after `delayMs` (at once when that is not positive), in the event's
 * conversation. A delay that is no time at all (NaN, +Infinity: a corrupt date) is refused with a plain
 * error rather than Redis's, so the reactor retries and then parks the event for staff to see.
 */
export async function queueDelayedJob<T extends object>(
  queues: Queues,
  job: DelayedJobKind,
  event: RecordedEvent,
  data: T,
  delayMs: number,
): Promise<void> {
  if (Number.isNaN(delayMs) || delayMs === Infinity)
    throw new Error(`${job.kind} for event ${event.metadata.eventId}: a delay of ${delayMs} ms is not a time`);
  // Typed as plain objects here: BullMQ derives job names from the data type, which a generic T leaves open.
  await queues
    .queue<object>(job.queue)
    .add(job.name, { ...data, trace: traceIds() }, { jobId: jobIdFor(job.kind, event.metadata.eventId), delay: Math.max(0, delayMs) });
}

/** Starts the queue's worker in processes with the worker role only (API-only processes queue, never run). */
export function startDelayedJobWorker<T extends object>(
  config: FacetConfig,
  queues: Queues,
  queue: string,
  processor: (job: Job<TracedJobData<T>>, token?: string) => Promise<unknown>,
  concurrency: number,
): void {
  if (!config.roles.includes('worker')) return;
  queues.worker<TracedJobData<T>>(queue, processor, { concurrency });
}
