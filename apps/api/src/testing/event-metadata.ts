import { randomUUID } from 'crypto';

/** The metadata of an event appended by the system now, for tests that write to an event store directly. */
export const systemMetadata = () => ({
  eventId: randomUUID(),
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
  actor: { type: 'system' as const },
  correlationId: randomUUID(),
  causationId: null,
});
