import type { SomeEvent } from '@facet/contracts';

/**
 * An event as the history folds it: the payload already opened (and upcast when this release reads its type
 * and version), with who, when and why. `readable` is false for a type or version this release does not read:
 * such an event is still shown, never folded (auditors replay everything, so nothing here throws on it).
 */
export interface HistoryEvent extends SomeEvent {
  revision: number;
  occurredAt: string;
  actor: unknown;
  correlationId: string;
  causationId: string | null;
  readable: boolean;
}

/** A write side's decider as the history folds it: any state, any event (each kind folds only its own, record-kinds.ts). */
export interface Folder {
  initialState(): unknown;
  evolve(state: unknown, event: SomeEvent): unknown;
}

/** Folds one event when the history can read it; an event it cannot read leaves the state as it was. */
const step = (decider: Folder, state: unknown, e: HistoryEvent): unknown => (e.readable ? decider.evolve(state, e) : state);

/** The events that had happened at `asOf` (all of them when it is omitted), oldest first. */
export function eventsAsOf<E extends HistoryEvent>(events: readonly E[], asOf?: Date): E[] {
  if (!asOf) return [...events];
  const limit = asOf.getTime();
  return events.filter((e) => Date.parse(e.occurredAt) <= limit);
}

/** The state after the events up to and including `revision` (-1: before the first), by the write side's evolve. */
export function foldTo(decider: Folder, events: readonly HistoryEvent[], revision: number): unknown {
  let state = decider.initialState();
  for (const e of events) {
    if (e.revision > revision) break;
    state = step(decider, state, e);
  }
  return state;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** The last event between the two versions that changed this field. */
  by: { revision: number; type: string; occurred_at: string; actor: unknown; correlation_id: string; causation_id: string | null };
}

/** A state as field paths (`fields.price_cents`) to values; arrays are compared whole. */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out[prefix] = {};
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = value === undefined ? null : value;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between version `from` and version `to` (revisions; -1 is "before the record
 * existed"), each with the event that last changed it: who, when, and why (the event type, which names
 * the command's outcome, and the correlation id that ties it to the request).
 */
export function diffVersions(decider: Folder, events: readonly HistoryEvent[], from: number, to: number): FieldChange[] {
  let state = foldTo(decider, events, from);
  const start = flatten(state);
  const lastChange = new Map<string, HistoryEvent>();
  for (const e of events) {
    if (e.revision <= from) continue;
    if (e.revision > to) break;
    const before = flatten(state);
    state = step(decider, state, e);
    const after = flatten(state);
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!same(before[field], after[field])) lastChange.set(field, e);
    }
  }
  const end = flatten(state);
  const changes: FieldChange[] = [];
  for (const [field, e] of lastChange) {
    if (same(start[field], end[field])) continue;
    changes.push({
      field,
      before: start[field] ?? null,
      after: end[field] ?? null,
      by: {
        revision: e.revision,
        type: e.type,
        occurred_at: e.occurredAt,
        actor: e.actor,
        correlation_id: e.correlationId,
        causation_id: e.causationId,
      },
    });
  }
  return changes.sort((a, b) => a.field.localeCompare(b.field));
}
