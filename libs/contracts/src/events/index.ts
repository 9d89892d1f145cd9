/**
 * Every event the shop records, typed (issue 42, issue 50). One file per part (orders.ts, catalog.ts, ...) writes
 * each of its event types once, in a table: `defineEvents({ ThingHappened: event<ThingHappenedData>() })`.
 * The part's union (EventsOf<typeof ITS_TABLE>), its list of types (eventTypes(ITS_TABLE)) and the registry's
 * schemas all derive from it; this file joins the tables into EVENT_SCHEMAS and FacetEvent, and readEvent
 * checks and upcasts what is read from the log.
 *
 * To add an event: add `ThingHappened: event<ThingHappenedData>()` to its part's table, then a case in every
 * switch over that union (they end with assertNever, so the compiler lists them).
 * To change an event's shape: keep the old data type (ThingHappenedV1Data), raise its `version` (appenders
 * pass that schemaVersion) and add `upcasters: { 1: (d: ThingHappenedV1Data): ThingHappenedData => ... }`:
 * events of version 1 are then read as version 2, step by step for older ones. Never rewrite recorded events.
 * An event of a type no table lists, or of a version newer than its table's, is refused (readEvent throws).
 */
import { CATALOG_EVENT_SCHEMAS } from './catalog';
import { CONTACT_EVENT_SCHEMAS } from './contact';
import { CUSTOM_DESIGN_EVENT_SCHEMAS } from './custom-designs';
import { CUSTOMER_EVENT_SCHEMAS } from './customers';
import { defineEvents, EventSchema, EventsOf } from './event';
import { INVENTORY_EVENT_SCHEMAS } from './inventory';
import { MAIL_EVENT_SCHEMAS } from './mail';
import { ORDER_EVENT_SCHEMAS } from './orders';
import { PAYMENT_EVENT_SCHEMAS } from './payments';
import { RETURN_EVENT_SCHEMAS } from './returns';
import { REVIEW_EVENT_SCHEMAS } from './reviews';
import { STAFF_EVENT_SCHEMAS } from './staff';

export * from './event';
export * from './actor';
export * from './catalog';
export * from './contact';
export * from './custom-designs';
export * from './customers';
export * from './inventory';
export * from './mail';
export * from './orders';
export * from './payments';
export * from './returns';
export * from './reviews';
export * from './staff';

/** Every part's table in one (an event type belongs to one part). */
export const EVENT_SCHEMAS = defineEvents({
  ...CATALOG_EVENT_SCHEMAS,
  ...CONTACT_EVENT_SCHEMAS,
  ...CUSTOM_DESIGN_EVENT_SCHEMAS,
  ...CUSTOMER_EVENT_SCHEMAS,
  ...INVENTORY_EVENT_SCHEMAS,
  ...MAIL_EVENT_SCHEMAS,
  ...ORDER_EVENT_SCHEMAS,
  ...PAYMENT_EVENT_SCHEMAS,
  ...RETURN_EVENT_SCHEMAS,
  ...REVIEW_EVENT_SCHEMAS,
  ...STAFF_EVENT_SCHEMAS,
});

/** Every event of the shop. */
export type FacetEvent = EventsOf<typeof EVENT_SCHEMAS>;

export type FacetEventType = FacetEvent['type'];

/** Schema tables by event type, as readEvent takes them (EVENT_SCHEMAS, plus a test's own events). */
export type EventSchemas = Readonly<Record<string, EventSchema>>;

/** A recorded event readEvent refuses: its type is in no schema table, or its version is newer than the table's. */
export class UnknownEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly schemaVersion: number,
    reason: string,
  ) {
    super(`Cannot read event ${JSON.stringify(eventType)} version ${schemaVersion}: ${reason}`);
    this.name = 'UnknownEventError';
  }
}

/**
 * Checks a recorded event against the schema tables and returns its data as the current version has it
 * (older versions upcast step by step; the recorded data itself is never changed). Throws UnknownEventError
 * for a type no table lists or a version newer than its table's (written by a newer release, or corrupt).
 */
export function readEvent(type: string, schemaVersion: number | undefined, data: unknown, schemas: EventSchemas = EVENT_SCHEMAS): unknown {
  const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  const version = schemaVersion ?? 1;
  if (!schema) throw new UnknownEventError(type, version, 'no part of the shop publishes this type (libs/contracts/src/events)');
  if (!Number.isSafeInteger(version) || version < 1) throw new UnknownEventError(type, version, 'not a schema version');
  if (version > schema.version) {
    throw new UnknownEventError(type, version, `newer than version ${schema.version}, the newest this release reads`);
  }
  let upcast = data;
  for (let from = version; from < schema.version; from++) {
    const step = schema.upcasters?.[from] as ((d: unknown) => unknown) | undefined;
    if (step) upcast = step(upcast);
  }
  return upcast;
}
