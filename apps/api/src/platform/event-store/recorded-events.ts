import { EVENT_SCHEMAS, EventSchemas, readEvent, SomeEvent } from '@facet/contracts';
import { RecordedEvent } from './event-store';

/**
 * Every event handed to a decider, projection or reactor passes here first (issue 42): its type and version
 * are checked against the shop's schema tables (libs/contracts/src/events) and older versions are upcast.
 * An unknown type or a newer version throws UnknownEventError: a projection's runner parks the event with
 * that message, a replay stops with it, a command fails with it. Nothing unknown is skipped in silence.
 */
let schemas: EventSchemas = EVENT_SCHEMAS;

/** The event with its data in today's shape; its metadata (and schemaVersion) stay as recorded. */
export function readRecorded<E extends RecordedEvent<SomeEvent>>(event: E): E {
  const data = readEvent(event.type, event.metadata.schemaVersion, event.data, schemas);
  return data === event.data ? event : { ...event, data };
}

/**
 * Tests only: lets a test's own consumer read event types no part publishes (a poison projection's
 * PoisonTestNoted). Per test file (Jest loads modules per file); refused outside tests.
 */
export function allowTestEvents(table: EventSchemas): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('allowTestEvents is for tests only');
  schemas = { ...schemas, ...table };
}
