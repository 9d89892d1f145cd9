import type { ReadYourWrites } from '../event-store/event-sourcing.service';
import { EventEmitter } from 'events';
import { Pool } from 'pg';
import { SessionConnection } from '../database/session-connection';
import { comparePositions, Position, positionFromString, positionToString, START } from '../event-store/event-store';
import { Projection } from './projection';

const CHANNEL = 'facet_projected';

/**
 * Knows how far each projection has got, in this process and in others (through NOTIFY), so that a
 * command's response can wait, bounded, until its events are visible in the read models.
 */
export class ProjectionStatus implements ReadYourWrites {
  private positions = new Map<string, Position>();
  private emitter = new EventEmitter();
  private readonly session: SessionConnection;
  private readonly ownSession: boolean;
  private unlisten: (() => void)[] = [];
  private closed = false;
  private untold = new Map<string, Position>();
  private telling: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private relevant = new Map<string, readonly Projection[]>();

  constructor(
    private readonly pool: Pool,
    session: SessionConnection | string,
    private readonly projections: () => readonly Projection[],
  ) {
    this.emitter.setMaxListeners(0);
    this.ownSession = typeof session === 'string';
    this.session = typeof session === 'string' ? new SessionConnection(session, 'facet projection status') : session;
  }

  async start(): Promise<void> {
    await this.listen();
  }

  /** Calls back after the named projection committed new rows here or in any other process. */
  onAdvanced(name: string, listener: () => void): () => void {
    const handler = (advancedName: string) => (advancedName === name || advancedName === '*') && listener();
    this.emitter.on('advanced', handler);
    return () => this.emitter.off('advanced', handler);
  }

  /** Called by a runner in this process after it committed a batch. */
  advanced(name: string, position: Position): void {
    this.learn(name, position);
    this.emitter.emit('advanced', name);
    this.tellOthers(name, position);
  }

  /**
   * Every way a position is learnt (a runner here, a NOTIFY, the checkpoints polled) comes through here: a
   * projection that moved is told to its onAdvanced listeners (caches of its rows) at once, in the same
   * turn, so no waiter released by the new position can read an answer kept from before it.
   */
  private learn(name: string, position: Position): boolean {
    const known = this.positions.get(name);
    if (known && comparePositions(position, known) <= 0) return false;
    this.positions.set(name, position);
    return true;
  }

  /**
   * Tells other processes, one NOTIFY at a time carrying every projection's newest position since the
   * last. It commits asynchronously: PostgreSQL serialises the commits of notifying transactions, and a
   * lost notice only means a waiter polls the checkpoints instead.
   */
  private tellOthers(name: string, position: Position): void {
    this.untold.set(name, position);
    if (this.telling) return;
    this.telling = (async () => {
      while (this.untold.size > 0 && !this.closed) {
        const payload = [...this.untold].map(([n, p]) => `${n}|${positionToString(p)}`).join(';');
        this.untold.clear();
        await this.pool.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [CHANNEL, payload]);
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        this.telling = null;
      });
  }

  /** After a replay swapped the read models, positions may have moved in any direction. */
  reset(): void {
    this.positions.clear();
    this.emitter.emit('advanced', '*');
  }

  /**
   * Resolves once every projection that handles one of `eventTypes` has passed `position`,
   * or after `timeoutMs` (the write is then visible a moment later; the response does not fail).
   */
  waitFor(position: Position, eventTypes: readonly string[], timeoutMs: number): Promise<boolean> {
    return this.waitUntilPassed(position, this.projectionsFor(eventTypes), timeoutMs);
  }

  /** Resolves once the projection of that name has passed `position`, or after `timeoutMs` (false). */
  waitForReadModel(position: Position, projectionName: string, timeoutMs: number): Promise<boolean> {
    const named = this.projections().filter((p) => p.name === projectionName);
    if (named.length === 0) throw new Error(`no projection named ${projectionName}`);
    return this.waitUntilPassed(position, named, timeoutMs);
  }

  private async waitUntilPassed(position: Position, relevant: readonly Projection[], timeoutMs: number): Promise<boolean> {
    if (relevant.length === 0) return true;
    const deadline = Date.now() + timeoutMs;
    // Runners here and NOTIFY from elsewhere say when projections advance; polling the checkpoints is the
    // fallback for a missed notice, so it starts only after a while.
    let polledAt = Date.now();
    for (;;) {
      if (relevant.every((p) => comparePositions(this.positions.get(p.name) ?? START, position) >= 0)) return true;
      const now = Date.now();
      if (now >= deadline) return false;
      if (now - polledAt > 250) {
        polledAt = now;
        await this.refresh().catch(() => undefined);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(100, deadline - now));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.emitter.once('advanced', done);
      });
    }
  }

  /** The projections that handle any of these types (remembered: the app's projections do not change). */
  private projectionsFor(eventTypes: readonly string[]): readonly Projection[] {
    const key = eventTypes.join(',');
    let found = this.relevant.get(key);
    if (!found) {
      found = this.projections().filter((p) => p.eventTypes.some((t) => eventTypes.includes(t)));
      this.relevant.set(key, found);
    }
    return found;
  }

  /** Reads every checkpoint; waiters share one read in flight. */
  private refresh(): Promise<void> {
    this.refreshing ??= this.pool
      .query<{ name: string; c: string; p: string }>(
        'SELECT name, commit_pos::text AS c, prepare_pos::text AS p FROM rm.projection_checkpoints',
      )
      .then((r) => {
        // A checkpoint can be read here before its runner (in this process or another) has said it moved:
        // the caches of what moved are cleared before the waiters that polled see the new position.
        const moved = r.rows.filter((row) => this.learn(row.name, { commit: BigInt(row.c), prepare: BigInt(row.p) }));
        for (const row of moved) this.emitter.emit('advanced', row.name);
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** LISTEN on the session connection (which reconnects after a loss; NOTIFY missed meanwhile is polled for). */
  private async listen(): Promise<void> {
    if (this.closed) return;
    this.unlisten.push(
      await this.session.listen(CHANNEL, (payload) => {
        for (const entry of (payload ?? '').split(';')) {
          const [name, pos] = entry.split('|');
          if (!name || !pos) continue;
          this.learn(name, positionFromString(pos));
          this.emitter.emit('advanced', name);
        }
      }),
      await this.session.listen('facet_replayed', () => this.reset()),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.telling;
    this.unlisten.forEach((stop) => stop());
    this.unlisten = [];
    if (this.ownSession) await this.session.close();
  }
}
