import { SetMetadata } from '@nestjs/common';
import { Tx } from '../database/database';
import { RecordedEvent } from '../event-store/event-store';

/**
 * A projection turns events into rows of read-model tables (schema rm). It must be deterministic:
 * use the event's data and metadata (occurredAt), never now() or random ids, so a replay rebuilds
 * exactly the same rows. Table names are unqualified: the runner sets the search_path.
 */
export interface Projection {
  /** Unique; also the checkpoint's name. Name it after the table it writes. */
  readonly name: string;
  readonly eventTypes: readonly string[];
  /** Applies one event whose personal data has already been opened (ERASED where its person was erased). */
  apply(tx: Tx, event: RecordedEvent): Promise<void>;
  /**
   * Optional: applies a whole batch at once (multi-row statements), for replay speed. Must leave the
   * same rows as applying the events one by one.
   */
  applyBatch?(tx: Tx, events: RecordedEvent[]): Promise<void>;
}

/** Runs consecutive events of the same type together, others one by one: a helper for applyBatch. */
export async function inRuns(
  events: RecordedEvent[],
  bulk: Record<string, (run: RecordedEvent[]) => Promise<void>>,
  single: (event: RecordedEvent) => Promise<void>,
): Promise<void> {
  let i = 0;
  while (i < events.length) {
    const type = events[i].type;
    let j = i + 1;
    while (j < events.length && events[j].type === type) j++;
    const run = events.slice(i, j);
    if (bulk[type] && run.length > 1) await bulk[type](run);
    else for (const e of run) await single(e);
    i = j;
  }
}

export const PROJECTION_METADATA = 'facet:projection';

/** Marks a provider as a projection so the runner finds it. */
export const ReadModelProjection = (): ClassDecorator => SetMetadata(PROJECTION_METADATA, true);

/**
 * Inserts read-model rows (objects keyed by column) in one statement, whatever their number: the
 * projections' one-event and batch paths share it, so a replay writes exactly what live projecting does.
 * The table is resolved on the runner's search_path (rm, or rm_next during a replay).
 */
export async function insertRows(
  tx: Tx,
  table: string,
  rows: Record<string, unknown>[],
  onConflict = 'ON CONFLICT DO NOTHING',
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]).join(', ');
  await tx.query(
    `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) ${onConflict}`,
    [JSON.stringify(rows)],
  );
}
