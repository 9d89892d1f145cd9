import type { Pool, PoolClient } from 'pg';
import { peekContext } from '../context/request-context';

/**
 * Who a query of the requests pool is for: shoppers (anonymous and customers' requests), staff's requests, or the
 * shop's own work (reactors, jobs, sweeps, the anchor publisher: a system actor, or no request at all).
 */
export type Lane = 'shoppers' | 'staff' | 'background';

export function currentLane(): Lane {
  const actor = peekContext()?.actor;
  if (!actor || actor.type === 'system') return 'background';
  return actor.type === 'staff' ? 'staff' : 'shoppers';
}

/**
 * Connections of the requests pool (DATABASE_POOL_MAX, M) kept for staff and the shop's own work: shoppers
 * hold at most M minus these at once, so a burst of checkouts never takes the connections a staff cancel, a
 * stock adjustment, a reactor or the mail sweep needs. max(2, ⌈M/4⌉) from M = 4, one at M = 2 or 3, none at 1.
 */
export function reservedConnections(max: number): number {
  if (max >= 4) return Math.max(2, Math.ceil(max / 4));
  return max >= 2 ? 1 : 0;
}

/** What a query waiting past the bound fails with: the message the HTTP filter answers 503 (database-errors.ts). */
export class AdmissionTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`timeout exceeded when trying to connect: waited ${waitedMs} ms in the queue in front of the pool`);
    this.name = 'AdmissionTimeoutError';
  }
}

/**
 * A first-in, first-out queue of at most `limit` holders at once; a waiter gives up after `waitMs`. Counting
 * only (no connection of its own): what it admits then takes a connection from the pool.
 */
export class AdmissionQueue {
  private active = 0;
  private readonly waiting: { admit: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    readonly limit: number,
    readonly waitMs: number,
  ) {}

  get holders(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with the turn's release (call it once) when a place is free, or rejects after waitMs. */
  enter(): Promise<() => void> {
    if (this.active < this.limit && this.waiting.length === 0) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(entry.timer);
          this.active++;
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new AdmissionTimeoutError(this.waitMs));
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const next = this.waiting.shift();
      if (next) next.admit();
    };
  }
}

/**
 * Puts shoppers' queries behind an AdmissionQueue of M minus the reserved connections; staff's and the shop's
 * own go straight to the pool, where the reserved connections are always left for them. A shopper's query
 * waits its turn (first come, first served) up to `waitMs`, and only past that fails (503 with Retry-After).
 */
export function withLanes(pool: Pool, max: number, waitMs: number): { pool: Pool; shoppers: AdmissionQueue } {
  const shoppers = new AdmissionQueue(Math.max(1, max - reservedConnections(max)), waitMs);
  if (shoppers.limit >= max) return { pool, shoppers };
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const gated = async (): Promise<PoolClient> => {
    if (currentLane() !== 'shoppers') return connect();
    const leave = await shoppers.enter();
    let client: PoolClient;
    try {
      client = await connect();
    } catch (err) {
      leave();
      throw err;
    }
    // pg-pool gives each checkout its own release(): the turn ends with it.
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      leave();
      return release(err);
    };
    return client;
  };
  // The callback form (no caller in the shop uses it) goes straight to the pool.
  const connectWithCallback = pool.connect.bind(pool) as (callback: unknown) => void;
  const connectFn = ((callback?: unknown) => (typeof callback === 'function' ? connectWithCallback(callback) : gated())) as Pool['connect'];
  return { pool: Object.assign(pool, { connect: connectFn }), shoppers };
}
