import { SetMetadata } from '@nestjs/common';
import type { SomeEvent } from '@facet/contracts';
import { RecordedEvent } from '../event-store/event-store';

/**
 * A reactor turns events into side effects, typically BullMQ jobs whose job id is the event id, so a job
 * is queued once even when the reactor sees an event twice (after a crash before its checkpoint moved).
 * If react() throws (Redis down), the checkpoint stays and the event is retried later: nothing is lost.
 */
export interface Reactor<E extends SomeEvent = SomeEvent> {
  /** Unique; also the checkpoint's and the lock's name. */
  readonly name: string;
  readonly eventTypes: readonly E['type'][];
  /** Receives the event with its personal data opened, checked and upcast to its current version (readRecorded). */
  react(event: RecordedEvent<E>): Promise<void>;
}

export const REACTOR_METADATA = 'facet:reactor';

export const EventReactor = (): ClassDecorator => SetMetadata(REACTOR_METADATA, true);

/** BullMQ job ids may not contain ':'; event ids are UUIDs, prefixed with what the job is. */
export function jobIdFor(kind: string, eventId: string): string {
  return `${kind}-${eventId}`.replace(/:/g, '-');
}
