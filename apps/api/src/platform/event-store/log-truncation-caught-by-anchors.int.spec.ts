import { generateKeyPairSync, randomUUID } from 'crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'fs';
import { Pool } from 'pg';
import { LogVerificationJob } from '../../audit/jobs/log-verification-job';
import { verifyLogCommand } from '../../cli/verify-log';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DatabaseService } from '../../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../../platform/event-store/event-store';
import { LogAnchorPublisher } from '../../platform/event-store/log-anchor-publisher';
import {
  anchorRedisKey,
  anchorsFile,
  formatRanges,
  keyId,
  loadAnchors,
  LogAnchor,
  logName,
  signAnchor,
  toRanges,
} from '../../platform/event-store/log-anchors';
import { verifyLog } from '../../platform/event-store/log-verifier';
import { Queues } from '../../platform/queue/queues.service';
import { eventDigest, GENESIS_HASH, linkHash } from '../../platform/event-store/log-chain';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { startTestApp, TestApp } from '../../testing/test-app';

/**
 * Issue 39: with write access to the database, deleting the newest event of a stream or of the whole log
 * went unnoticed (a chain whose head lives only in that database cannot see truncation). Anchors signed
 * outside the database, published within seconds of an append, now name the positions that are gone.
 */
describe('Truncation of the log is caught by its signed anchors', () => {
  let t: TestApp;
  let admin: string;
  let pool: Pool;
  let store: EventStore;
  let config: FacetConfig;
  let file: string;

  /** The newest event in log order. */
  const head = async () =>
    (
      await pool.query(
        `SELECT transaction_id::text || '/' || global_position AS position, global_position::int AS g, (SELECT count(*)::int FROM public.es_events) AS n
           FROM public.es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      )
    ).rows[0] as { position: string; g: number; n: number };

  const anchorsInFile = (): LogAnchor[] =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));

  /** Waits until an anchor covers the newest event; returns it and how long that took. */
  async function anchored(since = Date.now()): Promise<{ anchor: LogAnchor; ms: number }> {
    const want = await head();
    for (;;) {
      let last: LogAnchor | undefined;
      try {
        last = anchorsInFile().pop();
      } catch {
        last = undefined;
      }
      if (last && last.position === want.position && last.events === want.n) return { anchor: last, ms: Date.now() - since };
      if (Date.now() - since > 15_000) throw new Error(`no anchor of ${want.position} after 15 s (last: ${last?.position})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const anchors = () => loadAnchors({ settings: config.logAnchors, log: logName(config.databaseDirectUrl) });
  const verify = async () => verifyLog(store, pool, { anchors: await anchors(), writeCheckpoints: false });

  /** Deletes an event as an intruder with write access would (kept aside for putBack). */
  async function remove(globalPosition: number): Promise<void> {
    await pool.query('CREATE TABLE IF NOT EXISTS public.removed_by_test AS SELECT * FROM public.es_events WITH NO DATA');
    const gone = await pool.query(
      'WITH gone AS (DELETE FROM public.es_events WHERE global_position = $1 RETURNING *) INSERT INTO public.removed_by_test SELECT * FROM gone',
      [globalPosition],
    );
    expect(gone.rowCount).toBe(1);
  }

  /** Every removed event back where it was: the log is whole again. */
  const putBack = () =>
    pool.query(
      'CREATE TABLE IF NOT EXISTS public.removed_by_test AS SELECT * FROM public.es_events WITH NO DATA; ' +
        'WITH back AS (DELETE FROM public.removed_by_test RETURNING *) INSERT INTO public.es_events SELECT * FROM back',
    );

  async function cli(args: string[] = []): Promise<{ code: number; out: string }> {
    const lines: string[] = [];
    const code = await verifyLogCommand(
      args,
      (line) => lines.push(line),
      (line) => lines.push(line),
    );
    return { code, out: lines.join('\n') };
  }

  /** The CLI run against another database (DATABASE_URL), as an operator runs it on a restored copy. */
  async function cliOn(url: string, args: string[] = []): Promise<{ code: number; out: string }> {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = url;
    try {
      return await cli(args);
    } finally {
      process.env.DATABASE_URL = saved;
    }
  }

  /**
   * A copy of the log in a database of another name, as a restore of a backup makes one; `rewrite` may
   * change an event's row first (an intruder recomputing its hash as the unkeyed chain allows).
   */
  async function copyOfLog(rewrite?: (rows: any[]) => void): Promise<TestDatabase> {
    const copy = await createTestDatabase('facet_copy');
    const { rows } = await pool.query('SELECT * FROM public.es_events ORDER BY global_position');
    const json = (await pool.query('SELECT json_agg(e ORDER BY global_position) AS rows FROM public.es_events e')).rows[0].rows;
    expect(json).toHaveLength(rows.length);
    rewrite?.(json);
    const target = new Pool({ connectionString: copy.url, max: 1 });
    try {
      await target.query('INSERT INTO public.es_events SELECT * FROM json_populate_recordset(null::public.es_events, $1::json)', [
        JSON.stringify(json),
      ]);
    } finally {
      await target.end();
    }
    return copy;
  }

  const newProduct = async (name: string) => {
    const r = await t.request('POST', '/api/admin/products', {
      token: admin,
      body: { name, description: 'Anchored', price: 900, category: 'women-rings', features: ['Gold'] },
    });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(); // with an anchors directory of its own
    admin = await t.staffToken();
    pool = t.app.get(DatabaseService).pool;
    store = t.app.get(EVENT_STORE);
    config = t.app.get(FACET_CONFIG);
    file = anchorsFile(config.logAnchors.dir, logName(config.databaseDirectUrl));
    await newProduct('First Anchored Ring');
  });
  afterAll(async () => {
    await t.close();
    expect(existsSync(config.logAnchors.dir)).toBe(false);
  });

  it('should publish a signed anchor within 5 s of an append, to the file and to Redis', async () => {
    await anchored();
    const before = Date.now();
    await newProduct('Timed Ring');
    const one = await anchored(before);
    // A burst of appends from many writers at once.
    const burstStarted = Date.now();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.appendToStream(
          `burst-${i}`,
          [
            {
              type: 'BurstHappened',
              data: { i },
              metadata: {
                eventId: randomUUID(),
                schemaVersion: 1,
                occurredAt: new Date().toISOString(),
                actor: { type: 'system' },
                correlationId: randomUUID(),
                causationId: null,
              },
            },
          ],
          'no_stream',
        ),
      ),
    );
    const burst = await anchored(burstStarted);
    console.log(`anchor written ${one.ms} ms after one append; ${burst.ms} ms after a burst of 40 concurrent appends began`);
    expect(one.ms).toBeLessThan(5000);
    expect(burst.ms).toBeLessThan(5000);
    expect(burst.anchor.since).not.toBeNull();
    expect(burst.anchor.key_id).toMatch(/^[0-9a-f]{16}$/);
    // Redis holds the same latest anchor (set just after the file's line).
    const redisKey = anchorRedisKey(config.queuePrefix, logName(config.databaseDirectUrl));
    let inRedis: string | null = null;
    for (let i = 0; i < 100 && !inRedis?.includes(burst.anchor.sig); i++) {
      inRedis = await t.app.get(Queues).redis().get(redisKey);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(JSON.parse(inRedis!)).toEqual(burst.anchor);
    // The key is kept in a file of its own (mode 0600), never in the database.
    expect(readFileSync(config.logAnchors.keyFile, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
    const tables = await pool.query(`SELECT count(*)::int AS n FROM public.es_events WHERE data::text LIKE '%PRIVATE KEY%'`);
    expect(tables.rows[0].n).toBe(0);
  });

  it('should pass on the intact log, checked against every anchor', async () => {
    await anchored();
    const report = await verify();
    expect(report).toMatchObject({ ok: true, breaks: 0, missingPositions: null });
    expect(report.anchorsChecked).toBeGreaterThanOrEqual(3);
    const { code, out } = await cli();
    expect(code).toBe(0);
    expect(out).toMatch(/anchors: \d+ checked/);
    expect(out).toMatch(/the log is intact/);
  });

  it('should name the position of a CustomerDeleted deleted from the end of its stream', async () => {
    const email = `anchored-${randomUUID().slice(0, 8)}@example.com`;
    const reg = await t.request('POST', '/api/auth/register', { body: { email, password: 'Brilliant-Cut-1985!' } });
    expect(reg.status).toBe(201);
    const [{ id }] = (
      await pool.query(
        `SELECT data->>'customer_id' AS id FROM public.es_events WHERE event_type = 'CustomerRegistered' ORDER BY global_position DESC LIMIT 1`,
      )
    ).rows;
    expect((await t.request('DELETE', `/api/admin/customers/${id}`, { token: admin })).status).toBe(200);
    await newProduct('Later Ring'); // the customer's last event is no longer the newest of the log
    await anchored();
    const [deleted] = (
      await pool.query(
        `SELECT global_position::int AS g, event_type FROM public.es_events WHERE stream_id = $1 ORDER BY stream_revision DESC LIMIT 1`,
        [`customer-${id}`],
      )
    ).rows;
    expect(deleted.event_type).toBe('CustomerDeleted');

    try {
      await remove(deleted.g);
      const report = await verify();
      expect(report.ok).toBe(false);
      expect(report.missingPositions).toBe(String(deleted.g));
      expect(report.firstBreak!.reason).toMatch(new RegExp(`global positions? ${deleted.g}\\b`));
      const { code, out } = await cli();
      expect(code).toBe(1);
      expect(out).toContain(`MISSING: events at global positions ${deleted.g} are gone`);
    } finally {
      await putBack();
    }
    expect((await verify()).ok).toBe(true);
  });

  it('should name the newest event of the whole log deleted after its anchor, and several gone as ranges', async () => {
    await newProduct('Newest Ring');
    await anchored();
    const newest = await head();
    try {
      await remove(newest.g);
      await checkNewestGone(newest);
    } finally {
      await putBack();
    }
    expect((await verify()).ok).toBe(true);
  });

  async function checkNewestGone(newest: { position: string; g: number }): Promise<void> {
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.missingPositions).toBe(String(newest.g));
    expect(report.firstBreak!.reason).toContain(`its event (global position ${newest.g}) is gone`);
    expect(report.firstBreak!.position).toBe(newest.position);

    // More gone, a run of three older ones too: named as ranges.
    const older = (
      await pool.query(
        `SELECT global_position::int AS g FROM public.es_events WHERE global_position <> $1 ORDER BY global_position DESC OFFSET 1 LIMIT 3`,
        [newest.g],
      )
    ).rows.map((r) => r.g as number);
    for (const g of older) await remove(g);
    const gone = formatRanges(toRanges([...older, newest.g].sort((a, b) => a - b)));
    expect(gone).toMatch(/^\d+-\d+, \d+$/);
    const worse = await verify();
    expect(worse.missingPositions).toBe(gone);
    const { code, out } = await cli();
    expect(code).toBe(1);
    expect(out).toContain(`MISSING: events at global positions ${gone} are gone`);

    // The console's verification reports it the same way.
    const started = await t.request('POST', '/api/admin/audit/verification', { token: admin });
    expect(started.status).toBe(202);
    let last: any;
    for (let i = 0; i < 200; i++) {
      last = (await t.request('GET', '/api/admin/audit/verification', { token: admin })).body.last;
      if (last?.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(last.status).toBe('failed');
    expect(last.breaks).toBeGreaterThanOrEqual(2);
    expect(last.first_break.reason).toMatch(/global positions? \d+/);
  }

  it('should not call the log intact when every anchor is gone, unless told --no-anchors, and say what that leaves open', async () => {
    await anchored();
    const redis = t.app.get(Queues).redis();
    const redisKey = anchorRedisKey(config.queuePrefix, logName(config.databaseDirectUrl));
    const inRedis = await redis.get(redisKey);
    expect(inRedis).toBeTruthy();
    // As an intruder hiding a truncation would: the anchors file and the Redis key deleted.
    renameSync(file, `${file}.aside`);
    await redis.del(redisKey);
    try {
      const { code, out } = await cli();
      expect(code).toBe(1);
      expect(out).toContain('NOT ANCHORED');
      expect(out).toMatch(
        /BROKEN: 1 problem\(s\); the first: no anchor of this log was found \(looked in .*log-anchors\..*\.jsonl, redis /,
      );
      expect(out).toMatch(/its newest events could have been deleted, or events rewritten with their hashes recomputed/);
      expect(out).toContain('--no-anchors');
      expect(out).not.toMatch(/the log is intact/);

      const chainOnly = await cli(['--no-anchors']);
      expect(chainOnly.code).toBe(0);
      expect(chainOnly.out).toContain('anchors: not checked (--no-anchors): the links are plain SHA-256');
      expect(chainOnly.out).toContain(
        'every link holds, but the log is unanchored: this is no proof that nothing was deleted or rewritten',
      );

      // The console's verification says the same.
      expect((await t.request('POST', '/api/admin/audit/verification', { token: admin })).status).toBe(202);
      await t.app.get(LogVerificationJob).whenIdle();
      const last = (await t.request('GET', '/api/admin/audit/verification', { token: admin })).body.last;
      expect(last.status).toBe('failed');
      expect(last.first_break.reason).toMatch(/^no anchor of this log was found/);
    } finally {
      renameSync(`${file}.aside`, file);
      await redis.set(redisKey, inRedis!);
    }
    expect((await cli()).code).toBe(0);
  });

  it("should check a copy restored under another database name against the original's anchors (--log-name)", async () => {
    await anchored();
    const original = logName(config.databaseDirectUrl);
    const copy = await copyOfLog();
    try {
      // Under its own name the copy has no anchors: not intact, and told how to name the original.
      const own = await cliOn(copy.url);
      expect(own.code).toBe(1);
      expect(own.out).toContain('--log-name');
      const named = await cliOn(copy.url, ['--log-name', original]);
      expect(named.out).toMatch(/anchors: \d+ checked/);
      expect(named.out).toContain('the log is intact');
      expect(named.code).toBe(0);
    } finally {
      await copy.drop();
    }

    // A copy with one event rewritten and its hash recomputed (every link holds): the anchors see it.
    const rewritten = await copyOfLog((rows) => {
      const last = new Map<string, any>();
      for (const r of rows) last.set(r.stream_id, r);
      const victim = rows.find((r) => r.event_type === 'ProductCreated' && last.get(r.stream_id) === r)!;
      const before = rows.find((r) => r.stream_id === victim.stream_id && r.stream_revision === victim.stream_revision - 1);
      victim.data = { ...victim.data, price_cents: 1 };
      const digest = eventDigest({ streamId: victim.stream_id, type: victim.event_type, data: victim.data, metadata: victim.metadata });
      victim.hash = '\\x' + linkHash(before ? before.hash.slice(2) : GENESIS_HASH, digest);
    });
    try {
      const chainOnly = await cliOn(rewritten.url, ['--no-anchors']);
      expect(chainOnly.out).toContain('every link holds');
      expect(chainOnly.code).toBe(0);
      const { code, out } = await cliOn(rewritten.url, ['--log-name', original]);
      expect(out).toMatch(/differ from those anchored \(replaced or reordered\)|no longer has the anchored hash/);
      expect(code).toBe(1);
    } finally {
      await rewritten.drop();
    }
  });

  it('should fail on a forged or hostile anchor, and not be misled by it', async () => {
    await anchored();
    const original = readFileSync(file, 'utf8');
    const latest = anchorsInFile().pop()!;
    // Tampered with: claims fewer events (as if the newest were never there), signature left as it was.
    const edited = { ...latest, events: latest.events - 1 };
    // Signed, but by a key the shop does not hold.
    const { privateKey } = generateKeyPairSync('ed25519');
    const { sig: _sig, ...body } = latest;
    const foreign = signAnchor({ ...body, key_id: keyId(privateKey) }, privateKey);
    const hostile = [
      JSON.stringify(edited),
      JSON.stringify(foreign),
      '{"v":1,"events":1e308,"position":"1/\u0000"}',
      `{"v":1,"log":"\ud800","position":"${'9'.repeat(400)}/1"}`,
      'not json \u0000',
      JSON.stringify({ ...latest, added: [[5, 1]] }),
    ];
    try {
      writeFileSync(file, original + hostile.join('\n') + '\n');
      const report = await verify();
      expect(report.ok).toBe(false);
      const loaded = await anchors();
      expect(loaded.rejected).toHaveLength(hostile.length);
      expect(loaded.rejected[0].reason).toMatch(/signature does not match/);
      expect(loaded.rejected[1].reason).toMatch(/does not know/);
      expect(report.breaks).toBe(hostile.length);
      expect(report.missingPositions).toBeNull(); // nothing is missing: the forgeries were not believed
      const { code, out } = await cli();
      expect(code).toBe(1);
      expect(out).toMatch(/is not valid: its signature does not match/);
    } finally {
      writeFileSync(file, original);
    }
    expect((await verify()).ok).toBe(true);
  });

  it('should let one process publish at a time, and another continue the series when it stops', async () => {
    const first = t.app.get(LogAnchorPublisher);
    // Another process's publisher: a session of its own, so the lock is its to wait for.
    const second = new LogAnchorPublisher(store, config, t.app.get(Queues), { session: t.db.url });
    second.onApplicationBootstrap();
    try {
      await newProduct('Leader Ring');
      const { anchor } = await anchored();
      for (let i = 0; i < 50 && first.latest?.sig !== anchor.sig; i++) await new Promise((r) => setTimeout(r, 20));
      expect(first.latest!.sig).toBe(anchor.sig);
      expect(second.latest).toBeNull();

      await first.beforeApplicationShutdown();
      await newProduct('Successor Ring');
      const next = await anchored();
      // The file's line comes first; the publisher notes it just after.
      for (let i = 0; i < 50 && second.latest?.sig !== next.anchor.sig; i++) await new Promise((r) => setTimeout(r, 20));
      expect(second.latest!.sig).toBe(next.anchor.sig);
      expect(next.anchor.since).toBe(anchor.position);
      expect(next.ms).toBeLessThan(5000);
      expect((await verify()).ok).toBe(true);
    } finally {
      await second.beforeApplicationShutdown();
    }
  });
});
