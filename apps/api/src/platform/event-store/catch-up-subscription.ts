import { EventStore, Position, RecordedEvent, START } from './event-store';

/**
 * A catch-up subscription built on readAll and onAppended: reads in batches from a position, then waits
 * to be woken (or a short timer) and reads again. Read errors back off and retry, so a dropped database
 * connection does not end the subscription.
 */
export function pollingSubscription(
  store: Pick<EventStore, 'readAll' | 'onAppended'>,
  options: { after?: Position; eventTypes?: readonly string[]; batchSize?: number; idleMs?: number },
  handler: (event: RecordedEvent) => Promise<void>,
): { stop(): Promise<void> } {
  let position = options.after ?? START;
  let stopped = false;
  let wake: (() => void) | null = null;
  const unsubscribe = store.onAppended(() => wake?.());
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    let backoff = 100;
    while (!stopped) {
      try {
        const batch = await store.readAll({ after: position, limit: options.batchSize ?? 500, eventTypes: options.eventTypes });
        backoff = 100;
        for (const event of batch) {
          if (stopped) return;
          await handler(event);
          position = event.position;
        }
        if (batch.length === 0) await sleep(options.idleMs ?? 1000);
      } catch {
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      unsubscribe();
      await loop;
    },
  };
}
