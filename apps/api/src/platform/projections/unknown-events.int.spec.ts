import { randomUUID } from 'crypto';
import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../testing/test-app';
import { DatabaseService } from '../database/database.service';
import { EventSourcing } from '../event-store/event-sourcing.service';
import { Projection } from './projection';
import { RunnersService } from './runners.service';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Issue 42: an event no schema table knows (its type, or a version newer than its type's) is never handed to a
 * projection, reactor or decider, nor skipped in silence: live projecting parks it with the reason, a replay
 * stops with it, loading its stream fails with it.
 */
describe('Events of an unknown type or version', () => {
  let t: TestApp;
  let db: Pool;
  let es: EventSourcing;
  let runners: RunnersService;
  const applied: string[] = [];

  const parkedOf = async (consumer: string, stream: string) =>
    (await db.query('SELECT event_type, error FROM public.parked_events WHERE consumer = $1 AND stream_id = $2', [consumer, stream])).rows;

  beforeAll(async () => {
    t = await startTestApp({ PARK_AFTER_ATTEMPTS: '1', PARK_BACKOFF_MS: '20' });
    db = t.app.get(DatabaseService).pool;
    es = t.app.get(EventSourcing);
    runners = t.app.get(RunnersService);
  });
  afterAll(async () => t.close());

  it('should park an event of a type no part publishes with the reason, never handing it to the projection', async () => {
    const projection: Projection = {
      name: 'unknown_type_test',
      eventTypes: ['NeverPublished'],
      async apply(_tx, e) {
        applied.push(e.type);
      },
    };
    runners.startProjection(projection);
    const stream = `neverpublished-${randomUUID()}`;
    await es.append(stream, [{ type: 'NeverPublished', data: { n: 1 } }], 'no_stream', { waitForProjections: false });
    const parked = await until('the unknown event parked', async () => (await parkedOf('projection:unknown_type_test', stream))[0]);
    expect(parked.event_type).toBe('NeverPublished');
    expect(parked.error).toMatch(/Cannot read event "NeverPublished" version 1: no part of the shop publishes this type/);
    expect(applied).toEqual([]);
    await expect(es.load(stream)).rejects.toThrow(/Cannot read event "NeverPublished"/);
  });

  it('should park an event newer than its schema in live projecting, and stop a replay with the reason', async () => {
    const orderId = randomUUID();
    const stream = `order-${orderId}`;
    await es.append(
      stream,
      [{ type: 'OrderNoteAdded', schemaVersion: 2, data: { order_id: orderId, status: 'pending', note: 'from the future', by: 'x' } }],
      'no_stream',
      { waitForProjections: false },
    );
    const parked = await until('the newer event parked', async () => (await parkedOf('projection:orders', stream))[0]);
    expect(parked.error).toMatch(/Cannot read event "OrderNoteAdded" version 2: newer than version 1, the newest this release reads/);
    await expect(runners.replay({ compare: true })).rejects.toThrow(/Cannot read event "OrderNoteAdded" version 2/);
    // The live read models were left as they were: they still answer.
    expect((await t.request('GET', '/api/health')).status).toBeLessThan(600);
  });
});
