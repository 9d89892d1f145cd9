import type { SomeEvent } from '@facet/contracts';
import { Tx } from '../database/database';
import { RecordedEvent } from '../event-store/event-store';

/**
 * A read model declared as data and a pure function, in the spirit of Emmett's single-stream projections and
 * Marten's SingleStreamProjection: the rows of one table, each the fold of the events of its key.
 *
 * The platform owns everything after `evolve` (fold-runtime.ts): live it loads the row, evolves it, upserts or
 * deletes it and moves the checkpoint in one transaction; a catch-up batch groups its events by key, folds each
 * key's events in memory and writes the rows in one multi-row statement; a replay folds the whole log per batch
 * of keys and copies the rows in. So each event's effect on a row is written once, here, and tested as a
 * function (testing/read-model-spec.ts) without PostgreSQL.
 *
 * A row is an object keyed by column, its values as PostgreSQL gives them back through pg and JSON (a
 * timestamp as an ISO string, a bigint as a number or a string, jsonb as its value): evolve must return the same
 * row whichever form it is given, since live projecting reads rows back from the table and a replay never does.
 */
export interface ReadModel<
  E extends SomeEvent = SomeEvent,
  Row extends Record<string, unknown> = Record<string, unknown>,
  Context = undefined,
> {
  /** Unique; also the checkpoint's name. Name it after the table it writes. */
  readonly name: string;
  /** The table the rows live in (unqualified: the runner sets the search_path, rm or a replay's rm_next). */
  readonly table: string;
  /** The table's primary-key column: every row has one, and keyOf gives it. */
  readonly key: keyof Row & string;
  readonly eventTypes: readonly E['type'][];
  /**
   * The key of the row an event folds into, or null when it folds into none (its work is all in `effects`).
   * Must read only the event.
   */
  keyOf(event: RecordedEvent<E>): string | null;
  /**
   * Pure: the row after the event, from the row before it (null: none yet). Returning null deletes the row.
   * `context` is what `context.load` read for the event's batch (undefined for a model without one).
   */
  evolve(row: Row | null, event: RecordedEvent<E>, context?: Context): Row | null;
  /**
   * Optional: what evolve must know beyond the row, read from what the effects keep (which of the batch's
   * customers are already erased). Loaded once per batch, live and in replays alike, and again after each
   * effect, so every event sees it as it stood when the event was recorded.
   */
  readonly context?: ReadModelContext<E, Context>;
  /**
   * A few named effects that reach across rows or tables, where a fold of one key cannot say it (an erasure
   * rewriting every row of a customer, the set of erased customers kept beside the rows). Each runs after the
   * event's row is written, in the event's order, live, in catch-up batches and in replays alike: a batch is
   * cut at each effect (the rows folded so far are written before it runs, and read again after it).
   */
  readonly effects?: { readonly [T in E['type']]?: ReadModelEffect<Extract<E, { type: T }>> };
  /**
   * Optional: a replay calls it after its bulk pass, before the fresh tables get their triggers: it fills what
   * those triggers keep up to date live (rm.order_counts), once, from the loaded rows.
   */
  afterBulkPass?(tx: Tx): Promise<void>;
}

/** A named multi-row effect of one event type: SQL on the runner's transaction. */
export interface ReadModelEffect<E extends SomeEvent> {
  /** What it does, for logs and docs: "erase the customer's orders". */
  readonly name: string;
  run(tx: Tx, event: RecordedEvent<E>): Promise<void>;
}

/** Reads what evolve needs beside the row, for a run of events with no effect among them but the last. */
export interface ReadModelContext<E extends SomeEvent, Context> {
  load(tx: Tx, events: readonly RecordedEvent<E>[]): Promise<Context>;
}

/** Folds events into rows in memory, by key, as the platform does: the rows left, keyed (a null row was deleted). */
export function foldEvents<E extends SomeEvent, Row extends Record<string, unknown>, Context = undefined>(
  model: ReadModel<E, Row, Context>,
  events: readonly RecordedEvent<E>[],
  rows: ReadonlyMap<string, Row> = new Map(),
  context?: Context,
): Map<string, Row | null> {
  const folded = new Map<string, Row | null>(rows);
  for (const event of events) {
    const key = model.keyOf(event);
    if (key === null) continue;
    folded.set(key, model.evolve(folded.get(key) ?? null, event, context));
  }
  return folded;
}
