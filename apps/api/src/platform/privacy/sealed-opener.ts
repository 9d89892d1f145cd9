import { join } from 'path';
import { startWorker } from '../worker-thread';
import { DecryptMany } from './sealed-values';

/** A thread that decrypts sealed strings for this one (the replay's log reader): decryptMany, then close. */
export interface SealedOpener {
  decryptMany: DecryptMany;
  close(): Promise<void>;
}

/** What the opener thread is sent: the strings, their keys as one table, and which key each one takes. */
export interface OpenRequest {
  id: number;
  values: string[];
  /** The distinct 32-byte keys, end to end. */
  keys: Uint8Array;
  /** Per value, its key's place in `keys`, or -1 for none (erased). */
  keyOf: Int32Array;
}

/**
 * Starts the opener thread. Only strings and two transferred buffers cross over, so handing the work over
 * costs little next to the decryption it saves this thread (about 5 us a value on the bench's host).
 */
export function startSealedOpener(): SealedOpener {
  const file = join(__dirname, `sealed-opener.worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
  const worker = startWorker(file, null);
  const pending = new Map<number, { resolve: (texts: (string | null)[]) => void; reject: (err: Error) => void }>();
  let failure: Error | null = null;
  let next = 0;
  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (m: { id: number; texts: (string | null)[] }) => {
    pending.get(m.id)?.resolve(m.texts);
    pending.delete(m.id);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`sealed value opener stopped (exit code ${code})`)));
  return {
    decryptMany(values, keys) {
      if (failure) return Promise.reject(failure);
      const place = new Map<Buffer, number>();
      const distinct: Buffer[] = [];
      const keyOf = new Int32Array(values.length);
      keys.forEach((key, i) => {
        // A key of another length cannot open anything (AES-256): as if it were gone, as decrypt has it.
        if (!key || key.length !== 32) return void (keyOf[i] = -1);
        let n = place.get(key);
        if (n === undefined) place.set(key, (n = distinct.push(key) - 1));
        keyOf[i] = n;
      });
      const table = new Uint8Array(distinct.length * 32);
      distinct.forEach((key, n) => table.set(key, n * 32));
      const id = next++;
      const request: OpenRequest = { id, values, keys: table, keyOf };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(request, [table.buffer, keyOf.buffer]);
      });
    },
    async close() {
      fail(new Error('sealed value opener closed'));
      await worker.terminate();
    },
  };
}
