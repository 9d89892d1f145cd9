import { DatabaseService } from '../platform/database/database.service';
import { RunnersService } from '../platform/projections/runners.service';
import { Queues } from '../platform/queue/queues.service';
import { TestApp } from './test-app';

export interface Behind {
  /** projection:<name> or reactor:<name> */
  name: string;
  /** Events of its types in the log after its checkpoint. */
  events: number;
}

/** Every projection and reactor that has events of its types in the log after its checkpoint, or parked. */
export async function behindTheLog(t: TestApp): Promise<Behind[]> {
  const runners = t.app.get(RunnersService);
  const db = t.app.get(DatabaseService);
  const work = [
    ...runners
      .projections()
      .map((p) => ({ name: `projection:${p.name}`, key: p.name, table: 'rm.projection_checkpoints', types: p.eventTypes })),
    ...runners
      .reactors()
      .map((r) => ({ name: `reactor:${r.name}`, key: r.name, table: 'public.reactor_checkpoints', types: r.eventTypes })),
  ];
  const out: Behind[] = [];
  for (const w of work) {
    const [row] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM public.es_events e
        LEFT JOIN ${w.table} c ON c.name = $1
       WHERE e.event_type = ANY($2::text[])
         AND (c.name IS NULL OR (e.transaction_id, e.global_position) > (c.commit_pos::text::xid8, c.prepare_pos::bigint))`,
      [w.key, [...w.types]],
    );
    if (Number(row.n) > 0) out.push({ name: w.name, events: Number(row.n) });
  }
  // A parked event (dead letter) moved the checkpoint on without being handled: it counts as not projected.
  const parked = await db.query<{ consumer: string; n: string }>(
    'SELECT consumer, count(*) AS n FROM public.parked_events GROUP BY consumer',
  );
  for (const p of parked) out.push({ name: `${p.consumer} (parked)`, events: Number(p.n) });
  return out;
}

/**
 * Waits until every projection and reactor has handled every event of its types in the log; throws,
 * naming the ones stuck and the first error they would hit, when they have not after `timeoutMs`.
 */
export async function expectEverythingProjected(t: TestApp, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  let behind = await behindTheLog(t);
  while (behind.length && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 100));
    behind = await behindTheLog(t);
  }
  if (behind.length) throw new Error(`not projected after ${timeoutMs} ms: ${JSON.stringify(behind)}`);
  return Date.now() - started;
}

/** A delayed job due later than this is a schedule (an unpaid order's expiry a day out), not work in flight. */
const IN_FLIGHT_MS = 60_000;

/** Whether a queue holds a delayed job due soon (a retry's backoff, a short timer): work that will still move tables. */
async function delayedSoon(t: TestApp, queue: string): Promise<boolean> {
  const jobs = await t.app.get(Queues).queue(queue).getDelayed(0, 999);
  return jobs.some((job) => job.timestamp + job.delay - Date.now() < IN_FLIGHT_MS);
}

/**
 * Until no queue job is waiting, running or delayed to within a minute and every projection and reactor has
 * caught up, twice in a row (a mail job appends MailSent after its reactor finished): before a replay compare,
 * whose live tables must not still be moving. Jobs scheduled further out (an order's expiry, a consultation's
 * hold) do not count: waiting for them only ran the loop to its cap, about 30 s, every time.
 */
export async function settle(t: TestApp, staffToken: string): Promise<void> {
  let quiet = 0;
  for (let i = 0; i < 300 && quiet < 2; i++) {
    const queues = (await t.request('GET', '/api/admin/queues', { token: staffToken })).body.items as {
      name: string;
      waiting: number;
      active: number;
      delayed: number;
    }[];
    let busy = queues.some((q) => q.waiting + q.active > 0);
    for (const q of queues) if (!busy && q.delayed > 0) busy = await delayedSoon(t, q.name);
    if (!busy) busy = (await behindTheLog(t)).length > 0;
    quiet = busy ? 0 : quiet + 1;
    await new Promise((r) => setTimeout(r, 100));
  }
}
