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
   * Lines an event adds to a table beside the rows (a ledger or history line), declared as data: they only append,
   * so they do not cut a batch as an effect does. The platform collects a batch's lines in the event's order and
   * writes them, after the batch's rows, in one multi-row INSERT ... ON CONFLICT DO NOTHING per table (a line already
   * there is kept, as the one-line INSERT kept it), copied in during a replay's bulk load.
   */
  readonly appends?: { readonly [T in E['type']]?: ReadModelAppend<Extract<E, { type: T }>, Row> };
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

/** The lines one event type appends to a table: a pure function of the event and of its key's row after it. */
export interface ReadModelAppend<E extends SomeEvent, Row extends Record<string, unknown> = Record<string, unknown>> {
  /** What it writes, for logs and docs: "write the ledger line". */
  readonly name: string;
  /** The table the lines go to (unqualified, as `table`). */
  readonly table: string;
  /**
   * Pure: the event's lines (none, one or more), each an object keyed by column, from the event and the row of its
   * key as evolve left it (null: no row, or an event of no key). Values as a parameter would send them
   * (asTextParameter for text columns, the value itself for jsonb).
   */
  lines(event: RecordedEvent<E>, row: Row | null): Record<string, unknown>[];
}

/** The lines of an event under a read model's appends: table and line, in order (none when it appends nothing). */
export function linesOf<E extends SomeEvent, Row extends Record<string, unknown>, Context>(
  model: ReadModel<E, Row, Context>,
  event: RecordedEvent<E>,
  row: Row | null,
): { table: string; line: Record<string, unknown> }[] {
  const append = (model.appends as Record<string, ReadModelAppend<E, Row> | undefined> | undefined)?.[event.type];
  return append ? append.lines(event, row).map((line) => ({ table: append.table, line })) : [];
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
  return foldWithLines(model, events, rows, context).rows;
}

/** foldEvents, with the lines the events append (appends), in the events' order, as the platform writes them. */
export function foldWithLines<E extends SomeEvent, Row extends Record<string, unknown>, Context = undefined>(
  model: ReadModel<E, Row, Context>,
  events: readonly RecordedEvent<E>[],
  rows: ReadonlyMap<string, Row> = new Map(),
  context?: Context,
): { rows: Map<string, Row | null>; lines: { table: string; line: Record<string, unknown> }[] } {
  const folded = new Map<string, Row | null>(rows);
  const lines: { table: string; line: Record<string, unknown> }[] = [];
  for (const event of events) {
    const key = model.keyOf(event);
    if (key !== null) folded.set(key, model.evolve(folded.get(key) ?? null, event, context));
    if (model.appends) lines.push(...linesOf(model, event, key === null ? null : (folded.get(key) ?? null)));
  }
  return { rows: folded, lines };
}
