// The replay's log reader thread (log-reader.ts, workerLogReader): reads the PostgreSQL log in order, opens
// personal data with the subjects' keys (ERASED where a key is gone) and posts each batch to the main thread.
import { Pool } from 'pg';
import { parentPort, workerData } from 'worker_threads';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { Position } from '../event-store/event-store';
import { ERASED, openSealed, SubjectKeys } from '../privacy/sealed-values';
import type { ReaderMessage } from './log-reader';

interface ReaderData {
  connectionString: string;
  eventTypes: string[];
  batchSize: number;
  after: { commit: string; prepare: string };
}

async function run(port: NonNullable<typeof parentPort>, data: ReaderData): Promise<void> {
  const pool = new Pool({ connectionString: data.connectionString, max: 2, application_name: 'facet-replay-reader' });
  pool.on('error', () => undefined); // a dropped idle connection: the next query reports it
  const store = new PostgresEventStore(pool, data.connectionString);
  const keys = new SubjectKeys(pool);
  const send = (m: ReaderMessage) => port.postMessage(m);
  let credit = 0;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credit++;
    wake?.();
  });
  let after: Position = { commit: BigInt(data.after.commit), prepare: BigInt(data.after.prepare) };
  let readSeconds = 0;
  let openSeconds = 0;
  // The next batch is read while this one is opened: the query waits on PostgreSQL, the opening on this CPU.
  const read = (from: Position) => {
    const t0 = performance.now();
    const reading = store.readAll({ after: from, limit: data.batchSize, eventTypes: data.eventTypes }).then((batch) => {
      readSeconds += (performance.now() - t0) / 1000;
      return batch;
    });
    reading.catch(() => undefined); // awaited below; this only keeps a failed read-ahead from going unhandled
    return reading;
  };
  try {
    let next = read(after);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      after = batch[batch.length - 1].position;
      next = read(after);
      const t1 = performance.now();
      const opened = await openSealed(
        keys,
        batch.map((e) => e.data),
        ERASED,
      );
      openSeconds += (performance.now() - t1) / 1000;
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      credit--;
      send({ kind: 'batch', events: batch.map((e, i) => ({ ...e, data: opened[i] })) });
    }
    send({ kind: 'end', readSeconds, openSeconds });
  } catch (err) {
    send({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  } finally {
    await pool.end().catch(() => undefined);
  }
}

if (parentPort) void run(parentPort, workerData as ReaderData);
