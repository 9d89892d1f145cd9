import { Client } from 'pg';

/**
 * Session-level PostgreSQL advisory locks held on one dedicated connection: whoever holds the lock for
 * a projection or reactor runs it, so any number of processes can start and exactly one works at a time.
 * When the connection drops, every lock is gone; holders learn it through `holds()`.
 */
export class AdvisoryLocks {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private held = new Set<string>();
  private closed = false;
  /** One statement at a time on the shared connection. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly connectionString: string) {}

  holds(name: string): boolean {
    return this.held.has(name);
  }

  async tryAcquire(name: string): Promise<boolean> {
    if (this.held.has(name)) return true;
    return this.serially(async () => {
      const client = await this.connection();
      const r = await client.query('SELECT pg_try_advisory_lock(1985, hashtext($1)) AS ok', [name]);
      if (r.rows[0].ok) this.held.add(name);
      return r.rows[0].ok as boolean;
    });
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name) || !this.client) return;
    const client = this.client;
    await this.serially(() => client.query('SELECT pg_advisory_unlock(1985, hashtext($1))', [name])).catch(() => undefined);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private connection(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    if (this.closed) return Promise.reject(new Error('advisory locks closed'));
    this.connecting = (async () => {
      const client = new Client({ connectionString: this.connectionString });
      const lost = () => {
        if (this.client === client) {
          this.client = null;
          this.held.clear();
        }
        client.end().catch(() => undefined);
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (err) {
        this.connecting = null;
        throw err;
      }
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
