import { priceOrderInDollars } from '@facet/contracts';
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { existsSync } from 'fs';
import IORedis from 'ioredis';
import { Client } from 'pg';
import { BUILT_MAIN as MAIN, freePort } from '../testing/built-shop';
import { madeToOrderAt } from '../testing/made-to-order';
import { findPgBouncer, PgBouncer, startPgBouncer } from '../testing/pgbouncer';
import { startSmtpSink } from '../testing/smtp-sink';
import { createTestDatabase, TestDatabase } from '../testing/test-database';

/**
 * A cluster in a box (issue 43): two API processes, one projector and one worker of the built shop on one fresh
 * database, one Redis queue prefix and one PRIVACY_SECRET, as docs/operations.md's recipe and docker-compose.yml
 * run them; then the same through a PgBouncer in transaction mode (DATABASE_URL at the pooler,
 * DATABASE_DIRECT_URL at the server). An order placed on one API process is read on the other; the projector and
 * the worker are killed with SIGKILL while the worker is in the middle of handing a mail to the relay, and
 * replacements take over: projections go on (the dead session's advisory locks go with it), and every mail
 * reaches the relay once.
 */
const built = existsSync(MAIN);
if (!built) console.log(`Cluster in a box needs the built API (${MAIN}); run 'npm run build' first. npm test builds it.`);
const pgbouncer = findPgBouncer();

describe('Cluster in a box: two API processes, a projector and a worker on one database', () => {
  (built ? it : it.skip)(
    'should serve, project and mail across processes and survive kill -9 of the projector and the worker',
    () => cluster(null),
    180_000,
  );

  (built && 'binary' in pgbouncer ? it : it.skip)(
    'should do the same with DATABASE_URL through PgBouncer in transaction mode',
    () => cluster('binary' in pgbouncer ? pgbouncer.binary : null),
    180_000,
  );
});

const ORDERS_LOCK = `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 1985
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND l.objid::bigint = (hashtext('projection:orders')::bigint & 4294967295)`;

async function cluster(pgbouncerBinary: string | null): Promise<void> {
  const label = pgbouncerBinary ? 'through PgBouncer' : 'direct';
  const children: ChildProcess[] = [];
  const errors: string[] = [];
  let db: TestDatabase | null = null;
  let bouncer: PgBouncer | null = null;
  let admin: Client | null = null;
  // The first worker's relay takes a mail's data and never answers (the worker is killed while it waits);
  // the second worker's relay accepts at once.
  const queuePrefix = `facet-cluster-${randomBytes(3).toString('hex')}`;
  const stuckRelay = await startSmtpSink({ holdMs: 'never' });
  const relay = await startSmtpSink();
  try {
    db = await createTestDatabase('facet_cluster');
    if (pgbouncerBinary) bouncer = await startPgBouncer(pgbouncerBinary);
    admin = new Client({ connectionString: db.url });
    admin.on('error', (err) => errors.push(`[test's connection] ${err.message}\n`));
    await admin.connect();
    const databaseEnv = bouncer
      ? { DATABASE_URL: `${bouncer.url}/${db.name}`, DATABASE_DIRECT_URL: db.url }
      : { DATABASE_URL: db.url, DATABASE_DIRECT_URL: '' };
    const shared = {
      ...databaseEnv,
      NODE_ENV: 'test',
      QUEUE_PREFIX: queuePrefix,
      PRIVACY_SECRET: `cluster-in-a-box-${randomBytes(16).toString('hex')}`,
      ADMIN_EMAIL: 'admin@facet.cluster',
      ADMIN_PASSWORD: 'Cluster-Admin-1985!',
      // A shop of several processes: small pools (docs/operations.md, connection budget).
      DATABASE_POOL_MAX: '4',
      // A dead worker's job comes back once its hold lapses: 5 s here instead of the default 30 s, so the
      // wait below is 5-10 s of the test's time rather than 45-90 s (the same BullMQ mechanism either way).
      QUEUE_JOB_LOCK_MS: '5000',
      LOG_LEVEL: 'error',
    };
    const start = (name: string, env: Record<string, string>) => {
      const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...shared, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (d) => errors.push(`[${name}] ${d}`));
      children.push(child);
      return child;
    };
    const [port1, port2] = [await freePort(), await freePort()];
    const api1 = `http://127.0.0.1:${port1}`;
    const api2 = `http://127.0.0.1:${port2}`;
    const t0 = Date.now();
    // All four at once, as `docker compose up` starts them: they migrate one at a time (the migration lock).
    // Only the first API process lists the demo catalogue.
    start('api-1', { FACET_ROLES: 'api', PORT: String(port1), HOST: '127.0.0.1', FACET_SEED: 'true' });
    start('api-2', { FACET_ROLES: 'api', PORT: String(port2), HOST: '127.0.0.1', FACET_SEED: 'false' });
    let projector = start('projector-1', { FACET_ROLES: 'projector', FACET_SEED: 'false' });
    let worker = start('worker-1', { FACET_ROLES: 'worker', FACET_SEED: 'false', SMTP_URL: stuckRelay.url });

    // Up once API 2 lists the catalogue API 1 seeded and the projector projected.
    await until('the catalogue on API 2', 90_000, async () => ((await getJson(`${api2}/api/products?limit=1`))?.total ?? 0) > 0);
    const upMs = Date.now() - t0;
    const listed = (await getJson(`${api1}/api/products?limit=20&sort_by=price-low`)).products.filter((p: any) => p.in_stock);
    const products = await madeToOrderAt<any>(api1, listed);
    expect(products.length).toBeGreaterThan(0);

    // 1. Placed on API 1, read on API 2 (after the projector's projection reached the read model).
    const first = await placeOrder(api1, products[0], 'first');
    await until('the first order on API 2', 20_000, async () => (await getJson(`${api2}/api/orders/${first}`))?.id === first);
    const firstShown = await getJson(`${api2}/api/orders/${first}`);
    expect(firstShown).toMatchObject({ id: first, status: 'consultation_requested' });
    const holderBefore = (await admin.query(ORDERS_LOCK)).rows[0]?.pid as number | undefined;
    expect(holderBefore).toBeDefined();

    // 2. The worker is handing the order's mail to the relay (its data arriving, no answer yet): kill -9 the
    // worker and the projector together.
    await stuckRelay.receiving(30_000);
    worker.kill('SIGKILL');
    projector.kill('SIGKILL');
    const killedAt = Date.now();
    await Promise.all(
      [worker, projector].map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode ? r(null) : c.once('exit', r)))),
    );
    expect(stuckRelay.messages).toHaveLength(0);
    projector = start('projector-2', { FACET_ROLES: 'projector', FACET_SEED: 'false' });
    worker = start('worker-2', { FACET_ROLES: 'worker', FACET_SEED: 'false', SMTP_URL: relay.url });

    // 3. The new projector takes the orders projection (the dead session's lock went with it): an order placed
    // on API 2 is read on API 1.
    const second = await placeOrder(api2, products[1 % products.length], 'second');
    await until('the second order on API 1', 30_000, async () => (await getJson(`${api1}/api/orders/${second}`))?.id === second);
    const projectedMs = Date.now() - killedAt;
    const holderAfter = (await admin.query(ORDERS_LOCK)).rows[0]?.pid as number | undefined;
    expect(holderAfter).toBeDefined();
    expect(holderAfter).not.toBe(holderBefore);

    // 4. The new worker sends the mail the dead one was sending, and the second order's mail. BullMQ gives the
    // dead worker's job back once its lock (QUEUE_JOB_LOCK_MS, 5 s here) has lapsed between two stalled-job
    // checks (as often): 5-10 s after the kill, plus the new worker's start.
    const mailTo = (tag: string) => `cluster-${tag}@example.com`;
    await relay.waitFor((m) => m.to.includes(mailTo('first')), 110_000);
    const firstMailMs = Date.now() - killedAt;
    await relay.waitFor((m) => m.to.includes(mailTo('second')), 30_000);
    // Everything the worker queued (each order's confirmation and the staff notice), recorded as MailSent once.
    await until('every mail recorded', 30_000, async () => {
      const outbox = (await admin!.query('SELECT count(*)::int AS n FROM public.mail_outbox')).rows[0].n;
      return outbox === 0;
    });
    const ids = relay.messages.map((m) => m.headers['x-facet-mail-id']);
    expect(new Set(ids).size).toBe(ids.length); // none twice
    expect(relay.messages.filter((m) => m.to.includes(mailTo('first')))).toHaveLength(1);
    expect(relay.messages.filter((m) => m.to.includes(mailTo('second')))).toHaveLength(1);
    const recorded = (await admin.query(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'MailSent'`)).rows[0].n;
    expect(recorded).toBe(ids.length);

    // The connections the cluster holds on the server, by pool (through the pooler: only sessions and locks).
    const connections = (
      await admin.query(
        `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()
         GROUP BY 1 ORDER BY 1`,
        [db.name],
      )
    ).rows;
    console.log(
      `cluster in a box (${label}): 2 API processes, projector and worker up in ${upMs} ms; order placed on API 1 read on API 2; ` +
        `projector and worker killed -9 mid-mail; the new projector (orders lock: backend ${holderBefore} -> ${holderAfter}) ` +
        `projected an order placed on API 2 for API 1 ${projectedMs} ms after the kill; the interrupted mail reached the relay ` +
        `${firstMailMs} ms after the kill; ${ids.length} mails, each once, ${recorded} MailSent; server connections at the end: ` +
        connections.map((c) => `${c.name || '(none)'} ${c.n}`).join(', '),
    );
  } catch (err) {
    console.log(`cluster in a box (${label}) failed; the processes said:\n${errors.join('').slice(-4000)}`);
    throw err;
  } finally {
    for (const c of children) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode ? r(null) : c.once('exit', r)))));
    await admin?.end().catch(() => undefined);
    await bouncer?.stop();
    await db?.drop();
    await stuckRelay.close();
    await relay.close();
    // The cluster's queues and anchors in Redis.
    const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${queuePrefix}*`, count: 500 })) keys.push(...(batch as string[]));
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}

async function placeOrder(base: string, p: any, tag: string): Promise<string> {
  const totals = priceOrderInDollars([{ price: p.price, quantity: 1 }]);
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'cluster' },
    body: JSON.stringify({
      items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
      shipping: {
        first_name: 'Cluster',
        last_name: tag,
        email: `cluster-${tag}@example.com`,
        phone: '+1 (555) 010-2000',
        address: '2 Replica Row',
        city: 'Boston',
        state: 'MA',
        zip_code: '02101',
        country: 'US',
      },
      payment: { card_name: '', last_4: '' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const json = (await res.json().catch(() => null)) as { order_id?: string } | null;
  if (!res.ok || !json?.order_id) throw new Error(`placing the ${tag} order on ${base}: ${res.status} ${JSON.stringify(json)}`);
  return json.order_id;
}

async function getJson(url: string): Promise<any> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`cluster in a box: ${what} did not come within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
