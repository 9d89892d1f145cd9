import { Client } from 'pg';
import { startTestApp, TestApp } from '../../testing/test-app';
import { EventSourcing } from '../event-store/event-sourcing.service';
import type { EventOf } from '@facet/contracts';
import { comparePositions, Position, RecordedEvent } from '../event-store/event-store';
import { allowTestEvents } from '../event-store/recorded-events';
import { currentContext } from '../context/request-context';
import { RunnersService } from '../projections/runners.service';
import { DatabaseService } from '../database/database.service';
import { Reactor } from './reactor';

async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Reactors take the events waiting for them as one batch: one transaction, one parked-events check and one
 * checkpoint for the lot. An event that fails sends the batch back one event at a time, as after a crash:
 * the events before it may react twice (reactors allow that), the failing one is parked, the rest react once.
 */
describe('Reactor batches', () => {
  let t: TestApp;
  let es: EventSourcing;
  const reactions: { name: string; n: number; eventId: string; causationId: string | null }[] = [];
  const reactor = (name: string, type: string): Reactor<EventOf<string, { n: number }>> => ({
    name,
    eventTypes: [type],
    async react(e: RecordedEvent<EventOf<string, { n: number }>>) {
      if (name === 'batch_poison' && e.data.n === 13) throw new TypeError('thirteen is refused');
      reactions.push({ name, n: e.data.n, eventId: e.metadata.eventId, causationId: currentContext().causationId });
    },
  });
  const append = (type: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, n) =>
        es.append(`batchtest-${type}-${n}`, [{ type, data: { n } }], 'any', { waitForProjections: false }),
      ),
    );
  /** The last of the appends in the order readers take them: by transaction id, then position. */
  const lastOf = (appended: { position: Position }[]) =>
    appended.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
  const reached = async (name: string, last: Position) => {
    const row = (
      await t.app
        .get(DatabaseService)
        .pool.query('SELECT commit_pos::text AS c, prepare_pos::text AS p FROM public.reactor_checkpoints WHERE name = $1', [name])
    ).rows[0];
    return !!row && comparePositions({ commit: BigInt(row.c), prepare: BigInt(row.p) }, last) >= 0;
  };

  beforeAll(async () => {
    allowTestEvents({ BatchTestCalm: { version: 1 }, BatchTestPoison: { version: 1 } });
    t = await startTestApp({ PARK_AFTER_ATTEMPTS: '1', PARK_BACKOFF_MS: '20' });
    es = t.app.get(EventSourcing);
  });
  afterAll(async () => t.close());

  it('should react to a waiting batch once per event, with one checkpoint write for the batch', async () => {
    // Not the highest position: two appends can take their transaction ids and positions in opposite orders.
    const last = lastOf(await append('BatchTestCalm', 40));
    const writes = jest.spyOn(Client.prototype, 'query');
    t.app.get(RunnersService).startReactor(reactor('batch_calm', 'BatchTestCalm'));
    await until('the calm reactor reached the last event', () => reached('batch_calm', last));
    const checkpointWrites = writes.mock.calls.filter(([sql]) =>
      /INSERT INTO public\.reactor_checkpoints[^;]*'batch_calm'/.test(String(sql)),
    ).length;
    writes.mockRestore();
    const mine = reactions.filter((r) => r.name === 'batch_calm');
    expect(mine.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    // Each reaction runs in its own event's context, batch or not.
    for (const r of mine) expect(r.causationId).toBe(r.eventId);
    expect(checkpointWrites).toBeGreaterThanOrEqual(1);
    expect(checkpointWrites).toBeLessThanOrEqual(3);
  });

  it('should park the one failing event of a batch and react to every other one', async () => {
    const last = lastOf(await append('BatchTestPoison', 30));
    t.app.get(RunnersService).startReactor(reactor('batch_poison', 'BatchTestPoison'));
    // One event at a time after the failure, each its own transaction: slower than a batch, so a longer wait.
    await until('the poisoned reactor reached the last event', () => reached('batch_poison', last), 50_000);
    const mine = reactions.filter((r) => r.name === 'batch_poison');
    const times = (n: number) => mine.filter((r) => r.n === n).length;
    expect(times(13)).toBe(0);
    for (let n = 0; n < 30; n++) if (n !== 13) expect(times(n)).toBeGreaterThanOrEqual(1);
    // Redone one by one from the batch's start: none reacts more than twice.
    for (let n = 0; n < 30; n++) expect(times(n)).toBeLessThanOrEqual(2);
    const parked = await t.app
      .get(DatabaseService)
      .pool.query(`SELECT stream_id FROM public.parked_events WHERE consumer = 'reactor:batch_poison'`);
    expect(parked.rows.map((r) => r.stream_id)).toEqual(['batchtest-BatchTestPoison-13']);
  });
});
