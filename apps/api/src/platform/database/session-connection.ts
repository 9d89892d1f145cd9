import { Client, QueryResult, QueryResultRow } from 'pg';

/** How long after losing its connection a session that still has channels to hear connects again. */
const RECONNECT_MS = 1000;

/**
 * The one connection of a process (of each Nest context: the projector thread has its own) that needs a
 * session of its own: LISTEN for every channel (appends, projections, replays, erasures) and the session
 * advisory locks of the projection, reactor and log-anchor leaders (advisory-locks.ts). Opened on first use
 * to DATABASE_DIRECT_URL, never through a transaction pooler, which would hand the session to others
 * between statements. Statements run one at a time; it reconnects a second after a loss while someone
 * listens, and tells `onLost` (the locks are gone) and `onConnected` (notifications may have been missed).
 */
export class SessionConnection {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private readonly channels = new Map<string, Set<(payload: string | undefined) => void>>();
  private readonly lostListeners = new Set<() => void>();
  private readonly connectedListeners = new Set<() => void>();
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** One statement at a time on the connection. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connectionString: string,
    private readonly applicationName = 'facet session',
  ) {}

  /** Whether the connection is open now. */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Hears `channel` on this session; resolves once LISTEN is in place, or once it failed (a retry follows:
   * a listener never fails its caller). Returns the means to stop hearing it.
   */
  async listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let handlers = this.channels.get(channel);
    const first = !handlers;
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    handlers.add(onNotify);
    const stop = () => {
      handlers.delete(onNotify);
    };
    if (!first) {
      await this.connection().catch(() => undefined);
      return stop;
    }
    try {
      const client = await this.connection();
      await this.serially(() => client.query(`LISTEN ${channel}`));
    } catch {
      this.scheduleReconnect();
    }
    return stop;
  }

  /** Calls back when the connection is lost (its session locks went with it). */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Calls back after the connection came back with every channel listened to again. */
  onConnected(listener: () => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  /** A statement on the session (advisory locks), after the statements before it. */
  async query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    return this.serially(async () => (await this.connection()).query<R>(text, values));
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private connection(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    if (this.closed) return Promise.reject(new Error('the session connection is closed'));
    this.connecting = (async () => {
      let client: Client;
      try {
        client = new Client({ connectionString: this.connectionString, application_name: this.applicationName });
      } catch (err) {
        // Only when the process is being torn down (pg's socket module gone).
        this.connecting = null;
        throw err;
      }
      client.on('notification', (msg) => this.channels.get(msg.channel)?.forEach((handler) => handler(msg.payload)));
      const lost = () => {
        client.end().catch(() => undefined);
        if (this.client !== client) return;
        this.client = null;
        this.lostListeners.forEach((l) => l());
        this.scheduleReconnect();
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
      } catch (err) {
        client.end().catch(() => undefined);
        this.connecting = null;
        throw err;
      }
      this.client = client;
      this.connecting = null;
      if (this.closed) {
        this.client = null;
        await client.end().catch(() => undefined);
        throw new Error('the session connection is closed');
      }
      return client;
    })();
    return this.connecting;
  }

  /** Connects again a second later when someone still listens; they hear that they may have missed notices. */
  private scheduleReconnect(): void {
    if (this.closed || this.retry || this.channels.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connection().then(
        () => this.connectedListeners.forEach((l) => l()),
        () => this.scheduleReconnect(),
      );
    }, RECONNECT_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.channels.clear();
    this.lostListeners.clear();
    this.connectedListeners.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
