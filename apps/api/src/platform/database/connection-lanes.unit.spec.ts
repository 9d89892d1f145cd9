import type { Pool, PoolClient } from 'pg';
import { runWithContext } from '../context/request-context';
import { AdmissionQueue, AdmissionTimeoutError, reservedConnections, withLanes } from './connection-lanes';
import { transientDatabaseFailure } from './database-errors';

/** A pool of `max` connections that hands them out at once and fails when none is free (as pg-pool past its timeout). */
function fakePool(max: number) {
  let out = 0;
  const pool = {
    connect: async (): Promise<PoolClient> => {
      if (out >= max) throw new Error('timeout exceeded when trying to connect');
      out++;
      return { release: () => void out-- } as unknown as PoolClient;
    },
  };
  return { pool: pool as unknown as Pool, out: () => out };
}
const as =
  (type: 'anonymous' | 'customer' | 'staff' | 'system') =>
  <T>(fn: () => Promise<T>) =>
    runWithContext({ actor: { type }, correlationId: '00000000-0000-4000-8000-000000000001', causationId: null }, fn);

describe('The queue in front of the requests pool', () => {
  it('should keep max(2, M/4) connections for staff and the shop’s own work, fewer in a tiny pool', () => {
    expect([1, 2, 3, 4, 10, 20, 40].map(reservedConnections)).toEqual([0, 1, 1, 2, 3, 5, 10]);
  });

  it('should admit shoppers first come, first served, and let a waiter in as soon as a turn ends', async () => {
    const queue = new AdmissionQueue(2, 1000);
    const order: number[] = [];
    const leaves = await Promise.all([queue.enter(), queue.enter()]);
    const waiting = [3, 4, 5].map((n) => queue.enter().then((leave) => (order.push(n), leave)));
    expect(queue.queued).toBe(3);
    leaves[0]();
    leaves[0](); // a second call changes nothing
    const third = await waiting[0];
    expect(queue.holders).toBe(2);
    leaves[1]();
    third();
    await Promise.all(waiting.slice(1)).then((ls) => ls.forEach((l) => l()));
    expect(order).toEqual([3, 4, 5]);
    expect(queue.holders).toBe(0);
  });

  it('should refuse a waiter only past the bound, as a busy database (503), not a failure', async () => {
    const queue = new AdmissionQueue(1, 30);
    const leave = await queue.enter();
    const refused = await queue.enter().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AdmissionTimeoutError);
    expect(transientDatabaseFailure(refused)).toBe('no database connection available in time');
    expect(queue.queued).toBe(0);
    leave();
  });

  it('should leave the reserved connections to staff and background work while shoppers fill their share', async () => {
    const fake = fakePool(20);
    const { pool, shoppers } = withLanes(fake.pool, 20, 5000);
    // 60 shoppers at once: 15 hold a connection, 45 wait their turn in the queue (not in the pool, not failed).
    const held = Array.from({ length: 60 }, () => as('anonymous')(() => pool.connect()));
    await new Promise((r) => setImmediate(r));
    expect(fake.out()).toBe(15);
    expect(shoppers.queued).toBe(45);
    // Staff and a reactor still get connections at once.
    const staff = await as('staff')(() => pool.connect());
    const reactor = await as('system')(() => pool.connect());
    const outside = await pool.connect(); // no request at all: the shop's own timers
    expect(fake.out()).toBe(18);
    for (const c of [staff, reactor, outside]) c.release();
    // Every shopper is served in turn as the ones before give their connection back.
    let served = 0;
    await Promise.all(
      held.map(async (p) => {
        const client = await p;
        served++;
        await new Promise((r) => setTimeout(r, 1));
        client.release();
      }),
    );
    expect(served).toBe(60);
    expect(fake.out()).toBe(0);
  });
});
