import { join } from 'path';
import { EventStore, Position, RecordedEvent } from '../event-store/event-store';
import { ERASED, PersonalData } from '../privacy/personal-data';
import type { DecryptMany } from '../privacy/sealed-values';
import { startWorker } from '../worker-thread';
import { readRecorded } from '../event-store/recorded-events';
import { openEvents } from './project-batch';

/** Which thread opened the log's personal data: this one, the opener thread (decryption only), or the reader thread. */
export type OpeningThread = 'main' | 'opener' | 'worker';

/**
 * The log, read in order from a position in batches with personal data opened (ERASED where erased), for
 * a replay. `next()` resolves with the next batch, empty at the end.
 */
export interface LogReader {
  next(): Promise<RecordedEvent[]>;
  /** Seconds spent reading and opening (in whichever thread did it). */
  figures(): { readSeconds: number; openSeconds: number; thread: OpeningThread };
  close(): Promise<void>;
}

export interface LogReaderOptions {
  eventTypes: readonly string[];
  batchSize: number;
  after: Position;
  /** Where the inline reader has sealed strings decrypted (a thread of its own); here when not given. */
  decryptMany?: DecryptMany;
}

/**
 * Reads and opens in this thread, one batch ahead of the caller: any event store. With the decryption in a
 * thread of its own (decryptMany), two batches ahead, so that the next read overlaps that thread's work.
 */
export function inlineLogReader(store: EventStore, privacy: PersonalData, options: LogReaderOptions): LogReader {
  const depth = options.decryptMany ? 2 : 1;
  let after = options.after;
  let ended = false;
  let readSeconds = 0;
  let openSeconds = 0;
  // Reads one after another (each starts where the last ended); opening follows each read on its own.
  let reading: Promise<unknown> = Promise.resolve();
  const fetch = (): Promise<RecordedEvent[]> => {
    const read = reading.then(async () => {
      if (ended) return [];
      const t0 = performance.now();
      const batch = await store.readAll({ after, limit: options.batchSize, eventTypes: options.eventTypes });
      readSeconds += (performance.now() - t0) / 1000;
      if (batch.length === 0) ended = true;
      else after = batch[batch.length - 1].position;
      return batch;
    });
    reading = read.catch(() => (ended = true));
    const opened = read.then(async (batch) => {
      if (batch.length === 0) return batch;
      const t1 = performance.now();
      const events = await openEvents(privacy, batch, ERASED, options.decryptMany);
      openSeconds += (performance.now() - t1) / 1000;
      return events;
    });
    opened.catch(() => undefined); // awaited by next(); this only keeps a failed read-ahead from going unhandled
    return opened;
  };
  const ahead: Promise<RecordedEvent[]>[] = [];
  const fill = () => {
    while (ahead.length < depth && !ended) ahead.push(fetch());
  };
  fill();
  return {
    async next() {
      const batch = await (ahead.shift() ?? Promise.resolve([]));
      fill();
      return batch;
    },
    figures: () => ({ readSeconds, openSeconds, thread: options.decryptMany ? 'opener' : 'main' }),
    close: async () => undefined,
  };
}

/** What the reader thread sends: a batch, the end with its figures, or why it failed. */
export type ReaderMessage =
  | { kind: 'batch'; events: RecordedEvent[] }
  | { kind: 'end'; readSeconds: number; openSeconds: number }
  | { kind: 'error'; message: string };

/**
 * Reads, decodes and opens in a worker thread (PostgreSQL store), leaving the main thread to the
 * projections. Worth it with cores to spare: a batch crosses threads by structured clone, which costs CPU
 * (measured on 2 cores: the same time, 30 % more CPU). The worker runs at most `readAhead` batches ahead.
 */
export function workerLogReader(connectionString: string, options: LogReaderOptions, readAhead = 2): LogReader {
  const file = join(__dirname, `log-reader.worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
  const worker = startWorker(file, {
    connectionString,
    eventTypes: options.eventTypes,
    batchSize: options.batchSize,
    after: { commit: options.after.commit.toString(), prepare: options.after.prepare.toString() },
  });
  const queue: RecordedEvent[][] = [];
  const waiting: { resolve: (b: RecordedEvent[]) => void; reject: (e: Error) => void }[] = [];
  let ended = false;
  let failure: Error | null = null;
  let readSeconds = 0;
  let openSeconds = 0;
  const settle = () => {
    while (waiting.length > 0 && (queue.length > 0 || ended || failure)) {
      const w = waiting.shift()!;
      if (queue.length > 0) w.resolve(queue.shift()!);
      else if (failure) w.reject(failure);
      else w.resolve([]);
    }
  };
  worker.on('message', (m: ReaderMessage) => {
    if (m.kind === 'batch') queue.push(m.events);
    else if (m.kind === 'end') {
      ended = true;
      readSeconds = m.readSeconds;
      openSeconds = m.openSeconds;
    } else failure = new Error(`replay log reader: ${m.message}`);
    settle();
  });
  worker.on('error', (err) => {
    failure = err;
    settle();
  });
  worker.on('exit', (code) => {
    if (!ended && !failure) failure = new Error(`replay log reader stopped (exit code ${code})`);
    settle();
  });
  // Credit: the worker reads a batch for each one asked for, so memory stays at readAhead batches.
  for (let i = 0; i < readAhead; i++) worker.postMessage('more');
  return {
    next() {
      const batch = new Promise<RecordedEvent[]>((resolve, reject) => waiting.push({ resolve, reject }));
      settle();
      return batch.then((b) => {
        if (b.length > 0) worker.postMessage('more');
        // Checked and upcast in this thread, as openEvents does for the inline reader: an unknown type or
        // version ends the replay with its message.
        return b.map((e) => readRecorded(e));
      });
    },
    figures: () => ({ readSeconds, openSeconds, thread: 'worker' }),
    close: async () => {
      await worker.terminate();
    },
  };
}
