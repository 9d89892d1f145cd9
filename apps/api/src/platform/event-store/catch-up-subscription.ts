import { concerns, EventStore, Position, RecordedEvent, START } from './event-store';

/**
 * A catch-up subscription built on readAll and onAppended: reads in batches from a position, then waits
 * to be woken (or a short timer) and reads again. Read errors back off and retry, so a dropped database
 * connection does not end the subscription.
 */
export function pollingSubscription(
  store: Pick<EventStore, 'readBatch' | 'onAppended'>,
  options: { after?: Position; eventTypes?: readonly string[]; batchSize?: number; idleMs?: number },
  handler: (event: RecordedEvent) => Promise<void>,
): { stop(): Promise<void> } {
  let position = options.after ?? START;
  let stopped = false;
  let woken = false;
  let wake: (() => void) | null = null;
  const unsubscribe = store.onAppended((types) => {
    if (!concerns(options.eventTypes, types)) return;
    woken = true;
    wake?.();
  });
  // A wakeable sleep is skipped when a wake-up came since the last read, so none is lost.
  const sleep = (ms: number, wakeable = true) =>
    stopped || (wakeable && woken)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = wakeable ? done : () => stopped && done();
        });

  const loop = (async () => {
    let backoff = 100;
    while (!stopped) {
      try {
        woken = false;
        const { events, heldBack } = await store.readBatch({ after: position, limit: options.batchSize ?? 500, eventTypes: options.eventTypes });
        backoff = 100;
        for (const event of events) {
          if (stopped) return;
          await handler(event);
          position = event.position;
        }
        if (events.length > 0) continue;
        // Events held back behind an older open transaction: look again shortly.
        await sleep(heldBack ? 5 : (options.idleMs ?? 1000));
      } catch {
        await sleep(backoff, false);
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
