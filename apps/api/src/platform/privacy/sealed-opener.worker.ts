// The opener thread (sealed-opener.ts): decrypts the sealed strings it is sent, each with its key.
import { parentPort } from 'worker_threads';
import { decryptText } from './sealed-values';
import type { OpenRequest } from './sealed-opener';

parentPort?.on('message', ({ id, values, keys, keyOf }: OpenRequest) => {
  const texts = values.map((value, i) => decryptText(value, keyOf[i] < 0 ? null : keys.subarray(keyOf[i] * 32, keyOf[i] * 32 + 32)));
  parentPort!.postMessage({ id, texts });
});
