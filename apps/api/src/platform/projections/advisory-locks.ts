import { SessionConnection } from '../database/session-connection';

/**
 * Session-level PostgreSQL advisory locks held on the process's session connection (session-connection.ts):
 * whoever holds the lock for a projection or reactor runs it, so any number of processes can start and
 * exactly one works at a time. When the connection drops, every lock is gone; holders learn it through
 * `holds()`. Given a connection string rather than a session, it opens a session of its own.
 */
export class AdvisoryLocks {
  private readonly session: SessionConnection;
  private readonly ownSession: boolean;
  private held = new Set<string>();
  private closed = false;
  private readonly stopHearingLoss: () => void;

  constructor(session: SessionConnection | string) {
    this.ownSession = typeof session === 'string';
    this.session = typeof session === 'string' ? new SessionConnection(session, 'facet locks') : session;
    this.stopHearingLoss = this.session.onLost(() => this.held.clear());
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  async tryAcquire(name: string): Promise<boolean> {
    if (this.held.has(name)) return true;
    if (this.closed) throw new Error('advisory locks closed');
    const r = await this.session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(1985, hashtext($1)) AS ok', [name]);
    if (r.rows[0].ok) this.held.add(name);
    return r.rows[0].ok;
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name) || !this.session.connected) return;
    await this.session.query('SELECT pg_advisory_unlock(1985, hashtext($1))', [name]).catch(() => undefined);
  }

  /** Gives back every lock held here (the session stays open for others, unless it is this one's own). */
  async close(): Promise<void> {
    this.closed = true;
    this.stopHearingLoss();
    const held = [...this.held];
    this.held.clear();
    if (this.ownSession) return this.session.close();
    if (!this.session.connected) return;
    for (const name of held) await this.session.query('SELECT pg_advisory_unlock(1985, hashtext($1))', [name]).catch(() => undefined);
  }
}
