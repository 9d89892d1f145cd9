/**
 * A probe's answer, or `message` as an error once `ms` have passed. On a process whose event loop runs late
 * (a CPU-bound burst of requests), the deadline's timer and the database's answer can both be due in the same
 * turn of the loop; timers run first, so a plain race reads an answer that came in time as a timeout. The
 * deadline gives way for one turn (setImmediate runs after the loop has read its sockets) before it rejects.
 */
export async function withinDeadline<T>(probe: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => (immediate = setImmediate(() => reject(new Error(message)))), ms);
  });
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  }
}
