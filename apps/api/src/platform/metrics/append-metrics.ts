/**
 * What the event store's door (EventSourcing) tells the metrics, behind a token of its own so the write side
 * imports neither the metrics service nor what it reads (the runners).
 */
export interface AppendMetrics {
  eventsAppended(types: readonly string[]): void;
}

export const APPEND_METRICS = Symbol('APPEND_METRICS');
