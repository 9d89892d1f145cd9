import type { Pool } from 'pg';
import type { SessionConnection } from '../database/session-connection';
import type { Position } from '../event-store/event-store';
import type { Projection } from './projection';
import { ProjectionStatus } from './projection-status';

/**
 * Read your writes: a waiter is released only once everything that keeps answers of that read model (a cache
 * listening to onAdvanced) has been told, whichever way the position was learnt: from a runner here, a NOTIFY,
 * or the checkpoints polled when both are late.
 */
describe('ProjectionStatus', () => {
  const products = { name: 'products', eventTypes: ['ProductEdited'] } as unknown as Projection;
  const session = { listen: async () => () => undefined } as unknown as SessionConnection;
  const at = (commit: number): Position => ({ commit: BigInt(commit), prepare: BigInt(commit) });

  /** A pool whose checkpoint table says what `checkpoint` holds now (what a runner here has committed). */
  function statusOver(checkpoint: { commit: number | null }) {
    const pool = {
      query: jest.fn(async (sql: string) => ({
        rows:
          sql.includes('projection_checkpoints') && checkpoint.commit !== null
            ? [{ name: 'products', c: String(checkpoint.commit), p: String(checkpoint.commit) }]
            : [],
      })),
    } as unknown as Pool;
    return new ProjectionStatus(pool, session, () => [products]);
  }

  it("should tell a read model's listeners before releasing a waiter that learnt the position from the checkpoints", async () => {
    // The runner here committed the batch (the checkpoint moved) but has not yet said so: the waiter polls
    // the checkpoints first. A cache of the catalogue still holds the answer from before the edit.
    const checkpoint = { commit: null as number | null };
    const status = statusOver(checkpoint);
    await status.start();
    const cache = new Map<string, string>([['product:1', 'version 1']]);
    const stop = status.onAdvanced('products', () => cache.clear());

    const waiting = status.waitFor(at(10), ['ProductEdited'], 5_000).then((visible) => ({ visible, read: cache.get('product:1') }));
    checkpoint.commit = 10;
    const { visible, read } = await waiting;

    expect(visible).toBe(true);
    // Before the fix the waiter went on to read 'version 1' from the cache: a stale 200.
    expect(read).toBeUndefined();
    stop();
    await status.close();
  });

  it('should tell listeners when a runner here advances, and not again for a poll that learns nothing new', async () => {
    const checkpoint = { commit: 5 as number | null };
    const status = statusOver(checkpoint);
    await status.start();
    const told = jest.fn();
    const stop = status.onAdvanced('products', told);

    status.advanced('products', at(5));
    expect(told).toHaveBeenCalledTimes(1);
    // The checkpoint says no more than is known: a waiter past it polls and times out, nobody is told again.
    await expect(status.waitFor(at(6), ['ProductEdited'], 400)).resolves.toBe(false);
    expect(told).toHaveBeenCalledTimes(1);
    stop();
    await status.close();
  });

  it('should wait for the named read model alone, not for another that handles one of its types and never passes the position', async () => {
    // Orders' read model passes every order event; the inventory's handles one order event type (a consultation
    // hold confirmed) and stays behind at its own last event: a wait on every order type never ends.
    const orders = { name: 'orders', eventTypes: ['OrderStatusChanged', 'ConsultationHoldConfirmed'] } as unknown as Projection;
    const inventory = { name: 'inventory', eventTypes: ['StockAdjusted', 'ConsultationHoldConfirmed'] } as unknown as Projection;
    const pool = { query: jest.fn(async () => ({ rows: [] })) } as unknown as Pool;
    const status = new ProjectionStatus(pool, session, () => [orders, inventory]);
    await status.start();
    status.advanced('orders', at(10));
    status.advanced('inventory', at(3));
    await expect(status.waitFor(at(10), ['OrderStatusChanged', 'ConsultationHoldConfirmed'], 300)).resolves.toBe(false);
    await expect(status.waitForReadModel(at(10), 'orders', 300)).resolves.toBe(true);
    await expect(status.waitForReadModel(at(11), 'orders', 300)).resolves.toBe(false);
    expect(() => status.waitForReadModel(at(1), 'no-such-model', 300)).toThrow(/no projection named no-such-model/);
    await status.close();
  });
});
