/**
 * The shapes every part's events share (issue 42, issue 50): an event is its type and its data. A part writes
 * each of its event types once, in a table (`defineEvents({ ThingHappened: event<ThingHappenedData>() })`):
 * the table is the schema the registry reads with (each type's current version and how older versions are
 * upcast), and the part's union of events (EventsOf) and list of type names (eventTypes) derive from it.
 */

/**
 * One event, as a decider decides it and a consumer narrows it (`switch (event.type)` narrows `event.data`).
 * The one generic event type of the shop: contracts and the API both use it.
 */
export interface EventOf<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** The version of `data`'s shape, when the appender writes one above 1 (its table's `version`); 1 when absent. */
  schemaVersion?: number;
}

/** Any event, its data not known yet: what the store hands out before a consumer narrows it. */
export type SomeEvent = EventOf<string, unknown>;

/**
 * Reads version `from` of an event's data as version `from + 1`. Typed by the caller (`(d: V1) => V2`);
 * the registry runs the chain on data it has checked the type and version of.
 */
export type Upcaster = (data: never) => unknown;

/** How one event type is read: the version written today, and the upcasters from each older version. */
export interface EventSchema {
  /** The version appended today (1 unless raised). A recorded event of a newer version is refused. */
  readonly version: number;
  /** `{ [fromVersion]: (data) => data of fromVersion + 1 }`; a step without one keeps the data as it is. */
  readonly upcasters?: Readonly<Record<number, Upcaster>>;
}

/** One event type's definition: its schema, and (for the compiler only) the shape of its data today. */
export interface EventDefinition<Data> extends EventSchema {
  /** Never set: carries `Data` so that EventsOf can type the union. */
  readonly __data?: Data;
}

/** An event type of data `Data`: version 1 unless raised, with an upcaster from every older version that changed. */
export function event<Data>(schema: EventSchema = { version: 1 }): EventDefinition<Data> {
  return schema;
}

/** A part's events: every type it publishes, once. */
export type EventTable = { readonly [type: string]: EventDefinition<unknown> };

/** The table, frozen: the schema table the registry reads and the source of the part's union and type list. */
export function defineEvents<T extends EventTable>(table: T): Readonly<T> {
  return Object.freeze({ ...table });
}

type DataOf<D> = D extends EventDefinition<infer Data> ? Data : never;

/** The union of a table's events, one EventOf per type. */
export type EventsOf<T extends EventTable> = { [K in keyof T & string]: EventOf<K, DataOf<T[K]>> }[keyof T & string];

/** The one event of a union with this type. */
export type EventOfType<E extends SomeEvent, Type extends E['type']> = Extract<E, { type: Type }>;

/** A table's type names, in the order written: the lists consumers subscribe to and deciders fold. */
export function eventTypes<T extends EventTable>(table: T): readonly (keyof T & string)[] {
  return Object.freeze(Object.keys(table) as (keyof T & string)[]);
}

/** The event a handler received but has no branch for: thrown by assertNever. */
export class UnexpectedEventError extends Error {
  constructor(readonly eventType: string) {
    super(`Unexpected event type ${JSON.stringify(eventType)}: no branch handles it`);
    this.name = 'UnexpectedEventError';
  }
}

/**
 * Ends a `switch (event.type)` (the default branch): it compiles only when every type of the union has a
 * case, and throws, naming the type, if an event outside the union comes at run time anyway.
 */
export function assertNever(x: never): never {
  const type = (x as { type?: unknown } | null)?.type;
  throw new UnexpectedEventError(typeof type === 'string' ? type : String(x));
}
