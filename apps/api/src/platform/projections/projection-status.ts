import { EventEmitter } from 'events';
import { Client, Pool } from 'pg';
import { comparePositions, Position, positionFromString, positionToString, START } from '../event-store/event-store';
import { Projection } from './projection';

const CHANNEL = 'facet_projected';

/**
 * Knows how far each projection has got, in this process and in others (through NOTIFY), so that a
 * command's response can wait, bounded, until its events are visible in the read models.
 */
export class ProjectionStatus {
  private positions = new Map<string, Position>();
  private emitter = new EventEmitter();
  private listener: Client | null = null;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
    private readonly projections: () => readonly Projection[],
  ) {
    this.emitter.setMaxListeners(0);
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
    const known = this.positions.get(name);
    if (!known || comparePositions(position, known) > 0) this.positions.set(name, position);
    this.emitter.emit('advanced', name);
    // Tell other processes; the payload is small and NOTIFY is cheap.
    this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${name}|${positionToString(position)}`]).catch(() => undefined);
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
  async waitFor(position: Position, eventTypes: readonly string[], timeoutMs: number): Promise<boolean> {
    const relevant = this.projections().filter((p) => p.eventTypes.some((t) => eventTypes.includes(t)));
    if (relevant.length === 0) return true;
    const deadline = Date.now() + timeoutMs;
    let polledAt = 0;
    for (;;) {
      if (relevant.every((p) => comparePositions(this.positions.get(p.name) ?? START, position) >= 0)) return true;
      const now = Date.now();
      if (now >= deadline) return false;
      if (now - polledAt > 250) {
        polledAt = now;
        await this.refresh(relevant.map((p) => p.name)).catch(() => undefined);
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

  private async refresh(names: string[]): Promise<void> {
    const r = await this.pool.query(
      'SELECT name, commit_pos::text AS c, prepare_pos::text AS p FROM rm.projection_checkpoints WHERE name = ANY($1)',
      [names],
    );
    for (const row of r.rows) this.positions.set(row.name, { commit: BigInt(row.c), prepare: BigInt(row.p) });
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.connectionString });
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (msg) => {
      if (msg.channel === 'facet_replayed') return this.reset();
      const [name, pos] = (msg.payload ?? '').split('|');
      if (!name || !pos) return;
      const position = positionFromString(pos);
      const known = this.positions.get(name);
      if (!known || comparePositions(position, known) > 0) this.positions.set(name, position);
      this.emitter.emit('advanced', name);
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      await client.query('LISTEN facet_replayed');
    } catch {
      retry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => undefined);
  }
}
