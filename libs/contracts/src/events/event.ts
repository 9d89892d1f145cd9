/**
 * The shapes every part's events share (issue 42): an event is its type and its data; a part publishes the
 * union of its events and a schema table saying each type's current version and how older versions are read.
 */

/** One event as a part publishes it: `switch (event.type)` narrows `event.data`. */
export interface EventOf<Type extends string, Data> {
  type: Type;
  data: Data;
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

/** A part's schema table: one entry for every type of its union, and no other. */
export type SchemaTable<E extends SomeEvent> = { readonly [T in E['type']]: EventSchema };

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
