import { SetMetadata } from '@nestjs/common';
import { from as copyFrom } from 'pg-copy-streams';
import { Tx } from '../database/database';
import type { SomeEvent } from '@facet/contracts';
import { RecordedEvent } from '../event-store/event-store';

/**
 * A projection turns events into rows of read-model tables (schema rm). It must be deterministic:
 * use the event's data and metadata (occurredAt), never now() or random ids, so a replay rebuilds
 * exactly the same rows. Table names are unqualified: the runner sets the search_path.
 * Typed by the union of the events it reads (Projection<OrderEvent | PaymentEvent>): the runner hands it
 * only those types, checked and upcast to their current version (readRecorded), so its switch can end
 * with assertNever.
 */
export interface Projection<E extends SomeEvent = SomeEvent> {
  /** Unique; also the checkpoint's name. Name it after the table it writes. */
  readonly name: string;
  readonly eventTypes: readonly E['type'][];
  /** Applies one event whose personal data has already been opened (ERASED where its person was erased). */
  apply(tx: Tx, event: RecordedEvent<E>): Promise<void>;
  /**
   * Optional: applies a whole batch at once (multi-row statements), for replay speed. Must leave the
   * same rows as applying the events one by one.
   */
  applyBatch?(tx: Tx, events: RecordedEvent<E>[]): Promise<void>;
  /**
   * Optional: a replay calls it after its bulk pass, before the fresh tables get their triggers: it fills what
   * those triggers keep up to date live (rm.order_counts), once, from the loaded rows.
   */
  afterBulkPass?(tx: Tx): Promise<void>;
}

export const PROJECTION_METADATA = 'facet:projection';

/** Marks a provider as a projection so the runner finds it. */
export const ReadModelProjection = (): ClassDecorator => SetMetadata(PROJECTION_METADATA, true);

/**
 * A replay's bulk pass marks the transactions it writes in (bulkLoad): there, insertRows loads its rows
 * with COPY, which costs PostgreSQL less than half of what parsing them out of one JSON parameter does
 * (the bench log's 311,082 mail rows: 3.4 against 7.4 CPU seconds). Only a replay writes into fresh tables
 * in big batches; live projecting keeps the INSERT.
 */
export interface BulkLoad {
  /** The json and jsonb columns of each table and their type, looked up once per replay. */
  jsonColumns: Map<string, Map<string, 'json' | 'jsonb'>>;
  /**
   * The keys the fold runtime has written into each fresh table (as keyOf spelt them), while nothing else has
   * put rows there: a key not among them has no row, so it is not looked up (a replay's batches mostly make new
   * rows). A table's set goes (null) once an effect has run on it; all of them once a batch failed (its events
   * are then applied one by one outside the bulk load), and the runtime looks every key up again, as live.
   */
  writtenKeys: Map<string, Set<string> | null> | null;
}

/** A fresh bulk load for one replay: the fresh tables are empty. */
export const newBulkLoad = (): BulkLoad => ({ jsonColumns: new Map(), writtenKeys: new Map() });

const bulkLoads = new WeakMap<Tx, BulkLoad>();

/** Runs `fn` with `tx` in bulk-load mode (replay): insertRows copies its rows in. */
export async function bulkLoad<T>(tx: Tx, load: BulkLoad, fn: () => Promise<T>): Promise<T> {
  bulkLoads.set(tx, load);
  try {
    return await fn();
  } catch (err) {
    // Rolled back, and applied again elsewhere: the keys written are no longer known.
    load.writtenKeys = null;
    throw err;
  } finally {
    bulkLoads.delete(tx);
  }
}

/** The bulk load `tx` is in (a replay's bulk pass), if any. */
export const bulkLoadOf = (tx: Tx): BulkLoad | undefined => bulkLoads.get(tx);

/**
 * Inserts read-model rows (objects keyed by column) in one statement, whatever their number: the
 * projections' one-event and batch paths share it, so a replay writes exactly what live projecting does.
 * The table is resolved on the runner's search_path (rm, or rm_next during a replay). `onConflict` '' is a
 * plain insert (rows whose keys were just looked up and not found: fold-runtime.ts).
 */
export async function insertRows(
  tx: Tx,
  table: string,
  rows: Record<string, unknown>[],
  onConflict = 'ON CONFLICT DO NOTHING',
): Promise<void> {
  if (rows.length === 0) return;
  const load = bulkLoads.get(tx);
  // COPY has no ON CONFLICT: a row already there fails the batch, and the replay then applies its events
  // one by one with the INSERT, which skips it as live projecting does.
  const copyable = onConflict === 'ON CONFLICT DO NOTHING' || onConflict === '';
  if (load && copyable && (await copyRows(tx, load, table, rows))) return;
  const columns = Object.keys(rows[0]).join(', ');
  await tx.query(
    `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) ${onConflict}`,
    [JSON.stringify(rows)],
  );
}

/**
 * Loads rows with COPY, each value written as jsonb_populate_recordset would have read it out of the
 * INSERT's JSON, so both give the same rows. Returns false, having sent nothing, when a value could come
 * out otherwise (an object for a column that is not json, a string that PostgreSQL cannot hold): the
 * INSERT then writes the rows, or refuses them, as live projecting does.
 */
async function copyRows(tx: Tx, load: BulkLoad, table: string, rows: Record<string, unknown>[]): Promise<boolean> {
  let json = load.jsonColumns.get(table);
  if (!json) {
    const r = await tx.query<{ name: string; type: 'json' | 'jsonb' }>(
      `SELECT attname AS name, atttypid::regtype::text AS type FROM pg_catalog.pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND atttypid IN ('json'::regtype, 'jsonb'::regtype)`,
      [table],
    );
    json = new Map(r.rows.map((c) => [c.name, c.type]));
    load.jsonColumns.set(table, json);
  }
  const columns = Object.keys(rows[0]);
  const types = columns.map((c) => json.get(c) ?? null);
  // One text for the whole COPY, built field by field (no list per row).
  let text = '';
  for (const row of rows) {
    // The INSERT reads the columns of the first row, but its JSON carries every row's keys whole.
    let own = 0;
    for (const column in row) if (Object.hasOwn(row, column)) own++;
    if (own !== columns.length) return false;
    for (let i = 0; i < columns.length; i++) {
      if (!Object.hasOwn(row, columns[i])) return false;
      const field = copyField(row[columns[i]], types[i]);
      if (field === undefined) return false;
      text += i === 0 ? field : `\t${field}`;
    }
    text += '\n';
  }
  const copy = tx.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    copy.on('finish', resolve);
    copy.on('error', reject);
    copy.end(Buffer.from(text, 'utf8'));
  });
  return true;
}

// String.prototype.isWellFormed (Node 20) is newer than the TypeScript lib this project compiles against.
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * Whether PostgreSQL receives `text` as JavaScript holds it: no NUL (refused) and no lone surrogate (U+FFFD in
 * a parameter or COPY, refused in the INSERT's JSON).
 */
export function reachesPostgresAsIs(text: string): boolean {
  return !text.includes('\u0000') && isWellFormed(text);
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const COPY_SPECIAL = /[\\\n\r\t]/g;
const COPY_SPECIAL_ONE = /[\\\n\r\t]/;

/** One value in COPY's text format; undefined when COPY could store it otherwise than the INSERT. */
function copyField(value: unknown, type: 'json' | 'jsonb' | null): string | undefined {
  // As JSON.stringify writes them: a missing value, NaN and the infinities are null, so NULL.
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return '\\N';
  let text: string;
  if (type === 'jsonb') text = JSON.stringify(value);
  // A json column would keep jsonb's rendering of the value (key order, spaces): left to the INSERT.
  else if (type === 'json') return undefined;
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'boolean') text = String(value);
  else if (typeof value === 'number') {
    text = String(value);
    // The INSERT reads a number as numeric, which a text column receives written out in full (1e-7 as
    // 0.0000001): the same as JavaScript writes it unless JavaScript uses an exponent.
    if (text.includes('e')) return undefined;
  } else return undefined;
  // A NUL or a lone surrogate: the INSERT's JSON refuses them; COPY would fail on the one and store U+FFFD for the other.
  if (!reachesPostgresAsIs(text)) return undefined;
  return COPY_SPECIAL_ONE.test(text) ? text.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]) : text;
}
