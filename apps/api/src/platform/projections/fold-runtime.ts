import type { SomeEvent } from '@facet/contracts';
import { CustomTypesConfig, types as pgTypes } from 'pg';
import { Tx } from '../database/database';
import { RecordedEvent } from '../event-store/event-store';
import { linesOf, ReadModel, ReadModelEffect } from './fold';
import { bulkLoadOf, insertRows, Projection } from './projection';

type Row = Record<string, unknown>;

/**
 * A ReadModel as a Projection, so the runners, catch-up, parking and replay run it as any other: everything
 * after `evolve` is here, once for every read model.
 *
 * Both `apply` (one event, live and in the one-by-one fallback that parks a failing event) and `applyBatch`
 * (catch-up and replay) do the same: the batch is cut after each event that has an effect; for each run, the
 * rows of its keys are read in one query, folded in memory, and written in one statement per kind (deletes,
 * updates, inserts); then the effect runs, and the next run reads the rows again. They run in the runner's
 * transaction, which moves the checkpoint in the same commit (project-batch.ts), and under the consumer's
 * advisory lock, which keeps every other writer of these rows out (so the rows are read without FOR UPDATE).
 */
export function readModelProjection<E extends SomeEvent, R extends Row, C>(model: ReadModel<E, R, C>): Projection<E> {
  const applyBatch = async (tx: Tx, events: RecordedEvent<E>[]): Promise<void> => {
    let start = 0;
    for (let i = 0; i < events.length; i++) {
      const effect = effectOf(model, events[i]);
      if (!effect) continue;
      await foldRun(tx, model, events.slice(start, i + 1));
      await effect.run(tx, events[i]);
      // An effect writes by SQL: a replay's bulk pass no longer knows which keys have rows (BulkLoad.writtenKeys).
      bulkLoadOf(tx)?.writtenKeys?.set(model.table, null);
      start = i + 1;
    }
    if (start < events.length) await foldRun(tx, model, start === 0 ? events : events.slice(start));
  };
  return {
    name: model.name,
    eventTypes: model.eventTypes,
    apply: (tx, event) => applyBatch(tx, [event]),
    applyBatch,
    ...(model.afterBulkPass ? { afterBulkPass: (tx: Tx) => model.afterBulkPass!(tx) } : {}),
  };
}

/**
 * A read model as the Nest provider its module lists (the runners find projections by their class):
 *
 *   @Injectable() @ReadModelProjection()
 *   export class ReviewsProjection extends FoldProjection<ReviewsEvent> { constructor() { super(reviewsReadModel); } }
 */
export class FoldProjection<E extends SomeEvent> implements Projection<E> {
  readonly name: string;
  readonly eventTypes: readonly E['type'][];
  readonly apply: (tx: Tx, event: RecordedEvent<E>) => Promise<void>;
  readonly applyBatch: (tx: Tx, events: RecordedEvent<E>[]) => Promise<void>;
  readonly afterBulkPass?: (tx: Tx) => Promise<void>;

  constructor(model: ReadModel<E, Row, unknown>) {
    const projection = readModelProjection(model);
    this.name = projection.name;
    this.eventTypes = projection.eventTypes;
    this.apply = (tx, event) => projection.apply(tx, event);
    this.applyBatch = (tx, events) => projection.applyBatch!(tx, events);
    if (model.afterBulkPass) this.afterBulkPass = (tx) => model.afterBulkPass!(tx);
  }
}

function effectOf<E extends SomeEvent>(model: ReadModel<E, Row, unknown>, event: RecordedEvent<E>): ReadModelEffect<E> | undefined {
  const effects = model.effects as Record<string, ReadModelEffect<E> | undefined> | undefined;
  return effects?.[event.type];
}

/** Folds a run of events (no effect before its last) into the rows of their keys and writes what changed. */
async function foldRun<E extends SomeEvent, R extends Row, C>(
  tx: Tx,
  model: ReadModel<E, R, C>,
  events: RecordedEvent<E>[],
): Promise<void> {
  const keyed: [string | null, RecordedEvent<E>][] = [];
  let keys = 0;
  for (const event of events) {
    const key = model.keyOf(event);
    if (key !== null) keys++;
    if (key !== null || model.appends?.[event.type as E['type']]) keyed.push([key, event]);
  }
  if (keyed.length === 0) return;
  const context = model.context && keys > 0 ? await model.context.load(tx, events) : undefined;
  const generated = await generatedColumns(tx, model.table);
  // In a replay's bulk pass, only the keys already written can have a row (BulkLoad.writtenKeys).
  const load = bulkLoadOf(tx);
  const written = load?.writtenKeys ? load.writtenKeys.get(model.table) : null;
  const wanted = new Set<string>();
  for (const [key] of keyed) if (key !== null && (written === null || written?.has(key))) wanted.add(key);
  const before = wanted.size > 0 ? await loadRows(tx, model.table, model.key, [...wanted], generated) : new Map<string, Row>();
  const after = new Map<string, Row | null>(before);
  // The appends' lines, per table in the events' order, each from its key's row as evolve left it.
  const lines = new Map<string, Row[]>();
  for (const [key, event] of keyed) {
    let current: R | null = null;
    if (key !== null) {
      const was = (after.get(key) as R | undefined) ?? null;
      const row = model.evolve(was, event, context);
      current = row === null || row === was ? row : (writableRow(storableRow(row), generated) as R);
      after.set(key, current);
    }
    if (!model.appends) continue;
    for (const { table, line } of linesOf(model, event, current)) {
      const list = lines.get(table) ?? [];
      if (list.length === 0) lines.set(table, list);
      list.push(storableRow(line));
    }
  }
  const deletes: unknown[] = [];
  const updates: Row[] = [];
  const inserts: Row[] = [];
  for (const [key, row] of after) {
    const was = before.get(key) ?? null;
    if (row === was) continue; // unchanged (evolve gave back the row it was given)
    if (row === null) deletes.push(was![model.key]);
    else (was === null ? inserts : updates).push(row);
  }
  // Deletes first: a removed row's unique values (a staff member's e-mail) may be taken by a new one.
  if (deletes.length > 0) {
    await tx.query(`DELETE FROM ${model.table} WHERE ${model.key} = ANY($1::${await keyType(tx, model.table, model.key)}[])`, [deletes]);
  }
  for (const rows of byColumns(updates)) {
    const set = Object.keys(rows[0])
      .filter((c) => c !== model.key)
      .map((c) => `${c} = EXCLUDED.${c}`);
    await insertRows(tx, model.table, rows, `ON CONFLICT (${model.key}) DO ${set.length ? `UPDATE SET ${set.join(', ')}` : 'NOTHING'}`);
  }
  // Keys just read and not found: a plain insert (copied in during a replay's bulk load).
  for (const rows of byColumns(inserts)) await insertRows(tx, model.table, rows, '');
  if (load?.writtenKeys && written !== null) {
    const keysOfTable = written ?? new Set<string>();
    load.writtenKeys.set(model.table, keysOfTable);
    for (const [key, row] of after) if (row !== null && !before.has(key)) keysOfTable.add(key);
  }
  // Then the lines, after the rows they may describe: one multi-row insert per table and set of columns.
  for (const [table, list] of lines) for (const rows of byColumns(list)) await insertRows(tx, table, rows);
}

/** Rows of the same columns together: insertRows writes the columns of its first row. */
function byColumns(rows: Row[]): Row[][] {
  if (rows.length === 0) return [];
  // Rows of one evolve mostly have the same columns: checked without building a list for each.
  const first = Object.keys(rows[0]);
  if (rows.every((row) => hasColumns(row, first))) return [rows];
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const columns = Object.keys(row).join(',');
    const group = groups.get(columns);
    if (group) group.push(row);
    else groups.set(columns, [row]);
  }
  return [...groups.values()];
}

/** Whether the row's own columns are exactly these, in this order. */
export function hasColumns(row: Row, columns: readonly string[]): boolean {
  let i = 0;
  for (const column in row) {
    if (!Object.hasOwn(row, column) || column !== columns[i]) return false;
    i++;
  }
  return i === columns.length;
}

/** The type of each table's key column (uuid, text), read once: the lookups cast the keys to it. */
const keyTypes = new Map<string, string>();

async function keyType(tx: Tx, table: string, key: string): Promise<string> {
  const known = keyTypes.get(`${table}.${key}`);
  if (known) return known;
  const r = await tx.query<{ type: string }>(
    `SELECT format_type(atttypid, atttypmod) AS type FROM pg_catalog.pg_attribute WHERE attrelid = $1::regclass AND attname = $2`,
    [table, key],
  );
  if (!r.rows[0]) throw new Error(`${table} has no column ${key}`);
  keyTypes.set(`${table}.${key}`, r.rows[0].type);
  return r.rows[0].type;
}

/**
 * The table's GENERATED ALWAYS columns (rm.products' review_rating and search_text), read once: PostgreSQL
 * computes them and refuses a value for them, so they are neither read back into evolve's rows nor written.
 * A replay's rm_next tables are made LIKE rm's INCLUDING ALL, so they have the same ones.
 */
const generatedByTable = new Map<string, ReadonlySet<string>>();

async function generatedColumns(tx: Tx, table: string): Promise<ReadonlySet<string>> {
  const known = generatedByTable.get(table);
  if (known) return known;
  const r = await tx.query<{ name: string }>(
    `SELECT attname AS name FROM pg_catalog.pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated <> ''`,
    [table],
  );
  const generated = new Set(r.rows.map((c) => c.name));
  generatedByTable.set(table, generated);
  return generated;
}

/** A row without the table's generated columns, should evolve have given one (the same row when it has none). */
function writableRow(row: Row, generated: ReadonlySet<string>): Row {
  if (generated.size === 0 || !Object.keys(row).some((c) => generated.has(c))) return row;
  return Object.fromEntries(Object.entries(row).filter(([c]) => !generated.has(c)));
}

/**
 * The rows of these keys, each under the key as the event spelt it (an upper-case uuid finds its row, as the
 * statements with the key as a parameter did), read back as evolve's rows are folded in memory (rowFromTable),
 * without the generated columns (written by PostgreSQL, never by the fold).
 */
async function loadRows(tx: Tx, table: string, key: string, keys: string[], generated: ReadonlySet<string>): Promise<Map<string, Row>> {
  const r = await tx.query<Row & { fold_key: string }>({
    text: `SELECT w.fold_key, t.* FROM unnest($1::text[]) AS w(fold_key) JOIN ${table} t ON t.${key} = w.fold_key::${await keyType(tx, table, key)}`,
    values: [keys],
    types: READ_BACK,
  });
  return new Map(
    r.rows.map(({ fold_key, ...row }) => {
      for (const column of generated) delete row[column];
      return [fold_key, rowFromTable(row)];
    }),
  );
}

const TIMESTAMPTZ = 1184;
const INT8 = 20;
const NUMERIC = 1700;
/** Timestamps and numbers as PostgreSQL writes them (pg would give a Date, which has no microseconds). */
const READ_BACK: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMPTZ || oid === INT8 || oid === NUMERIC
      ? (value: string) => new AsText(value)
      : (pgTypes.getTypeParser(oid, format as 'text') as (value: string) => unknown)) as CustomTypesConfig['getTypeParser'],
};

/** A timestamp or number read back as text, told apart from a text column's value until rowFromTable sees it. */
class AsText {
  constructor(readonly text: string) {}
}

/**
 * The one place where a row read from a table becomes a row as evolve folds it in memory, so both evolve
 * alike: a timestamp as the ISO string of its event's occurredAt (kept as PostgreSQL wrote it if it has
 * microseconds), a bigint or numeric as a number where JavaScript holds it exactly (else its text), jsonb
 * parsed, arrays as arrays.
 */
export function rowFromTable(row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) out[column] = value instanceof AsText ? fromText(value.text) : value;
  return out;
}

const PG_TIMESTAMPTZ = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d{1,3})?)([+-]\d\d)(?::(\d\d))?$/;

function fromText(text: string): string | number {
  const at = PG_TIMESTAMPTZ.exec(text);
  if (at) return new Date(`${at[1]}T${at[2]}${at[3]}:${at[4] ?? '00'}`).toISOString();
  const n = Number(text);
  return String(n) === text ? n : text;
}

// String.prototype.toWellFormed (Node 20) is newer than the TypeScript lib this project compiles against.
const toWellFormed = (text: string): string => (text as unknown as { toWellFormed(): string }).toWellFormed();
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * The one place where a folded row becomes what is written: a missing value is NULL, and a lone surrogate in a
 * text becomes U+FFFD, as pg sent it when the projections bound their values as parameters (a NUL still
 * fails: PostgreSQL refuses it, and the runner parks the event). The row folded on in memory is this one, so a
 * batch folds exactly what a reload would give back.
 */
export function storableRow<R extends Row>(row: R): R {
  // The row itself when nothing in it changes (most rows): a copy only for one that does.
  let out: Row | null = null;
  for (const column of Object.keys(row)) {
    const value = row[column];
    const stored = value === undefined ? null : typeof value === 'string' && !isWellFormed(value) ? toWellFormed(value) : value;
    if (stored === value) continue;
    out ??= { ...row };
    out[column] = stored;
  }
  return (out ?? row) as R;
}

/**
 * A row's key from an event's id, for keyOf: as pg bound it in the projections' statements (a number as its
 * digits, an object as its JSON); null when there is none (an update of no row: nothing to do).
 */
export function keyFrom(id: unknown): string | null {
  if (id === null || id === undefined) return null;
  if (typeof id === 'string') return id;
  if (typeof id === 'number' || typeof id === 'boolean' || typeof id === 'bigint') return String(id);
  return JSON.stringify(id) ?? null;
}

/** The key of an event that makes a row: without an id it fails, so the runner parks it (an INSERT of no key did). */
export function requiredKeyFrom(id: unknown, what: string): string {
  const key = keyFrom(id);
  if (key === null) throw new Error(`the event has no ${what}, which the row needs`);
  return key;
}

/** Which of these ids a side table of erased ids (`table`, `column`) holds: a context loader for evolve. */
export async function idsIn(tx: Tx, table: string, column: string, ids: readonly unknown[]): Promise<ReadonlySet<string>> {
  const wanted = [...new Set(ids.flatMap((id) => (id === '' ? [] : (keyFrom(id) ?? []))))];
  if (wanted.length === 0) return new Set();
  const r = await tx.query<{ id: string }>(`SELECT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::text[])`, [wanted]);
  return new Set(r.rows.map((row) => row.id));
}
