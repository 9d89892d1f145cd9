import { priceOrderInDollars } from '@facet/contracts';
import { ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { existsSync } from 'fs';
import { Client } from 'pg';
import { BUILT_MAIN as MAIN, freePort, startBuiltShop } from '../testing/built-shop';
import { madeToOrderAt } from '../testing/made-to-order';
import { createTestDatabase, TestDatabase } from '../testing/test-database';

/**
 * kill -9 during 300 keyed order submissions, restart, retry every unanswered key: each key ends with
 * exactly one order (the one committed before the kill, or one placed by the retry), and none is stuck.
 */
describe('kill -9 during keyed order submissions', () => {
  let db: TestDatabase | null = null;
  let shop: ChildProcess | null = null;
  afterAll(async () => {
    shop?.kill('SIGKILL');
    await db?.drop();
  });

  it('should end every Idempotency-Key with exactly one order after a restart and retries', async () => {
    if (!existsSync(MAIN)) {
      console.log(`kill -9 keyed: ${MAIN} is missing (run npm run build first); nothing to test`);
      expect(existsSync(MAIN)).toBe(false);
      return;
    }
    db = await createTestDatabase();
    const port = await freePort();
    const prefix = `facet-chaos-${randomBytes(3).toString('hex')}`;
    shop = await startBuiltShop({ databaseUrl: db.url, port: port, queuePrefix: prefix });
    const base = `http://127.0.0.1:${port}`;
    // Pieces made to order: 300 orders of a stocked one would sell it out (the seed may still be listing others).
    const products = await madeToOrderAt<any>(
      base,
      ((await fetch(`${base}/api/products?limit=20&sort_by=price-low`).then((r) => r.json())) as any).products.filter(
        (p: any) => p.in_stock,
      ),
    );

    const KEYS = 300;
    const run = randomBytes(3).toString('hex');
    const keyOf = (i: number) => `chaos-${run}-${i}`;
    const bodyOf = (i: number) => {
      const p = products[i % products.length];
      const totals = priceOrderInDollars([{ price: p.price, quantity: 1 }]);
      return JSON.stringify({
        items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
        // Guests: the key's scope is the caller's e-mail, so half the keys share one guest.
        shipping: {
          first_name: 'Key',
          last_name: `Holder ${i}`,
          email: i % 2 ? 'same.guest@example.com' : `g${i}@example.com`,
          phone: '+1 (555) 010-2000',
          address: '9 Signal St',
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
      });
    };
    const answers = new Map<number, string>();
    const refusals = new Set<string>(); // what a 409 said, for the log line
    const submit = async (i: number): Promise<number> => {
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'chaos', 'idempotency-key': keyOf(i) },
        body: bodyOf(i),
        signal: AbortSignal.timeout(15_000),
      });
      const json: any = await res.json().catch(() => null);
      if (res.status === 409) refusals.add(String(json?.detail));
      if (res.status === 200 && json?.order_id) {
        const earlier = answers.get(i);
        if (earlier && earlier !== json.order_id) throw new Error(`key ${i} answered two orders: ${earlier} and ${json.order_id}`);
        answers.set(i, json.order_id);
      }
      return res.status;
    };

    let next = 0;
    let cutOff = 0;
    const workers = Array.from({ length: 12 }, async () => {
      while (next < KEYS) {
        const i = next++;
        await submit(i).catch(() => cutOff++);
      }
    });
    // Kill once about a third of the keys were answered.
    while (answers.size < KEYS / 3 && next < KEYS) await new Promise((r) => setTimeout(r, 20));
    shop.kill('SIGKILL');
    const beforeKill = answers.size;
    await Promise.all(workers);

    shop = await startBuiltShop({ databaseUrl: db.url, port: port, queuePrefix: prefix });
    // Orders committed whose answer the kill cut off: the retries must answer these, not place them again.
    const probe = new Client({ connectionString: db.url });
    await probe.connect();
    const committedBeforeRetry = (await probe.query(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested'`))
      .rows[0].n;
    // Keys are stored as keyed digests; this database holds this run's keys only.
    const heldKeys = (await probe.query(`SELECT count(*)::int AS n FROM public.idempotency_keys WHERE response IS NULL`)).rows[0].n;
    await probe.end();
    // Retry every key that got no answer (and a few answered ones, which must answer the same order).
    const unanswered = Array.from({ length: KEYS }, (_, i) => i).filter((i) => !answers.has(i));
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (let round = 0; round < 3; round++) {
      const todo = Array.from({ length: KEYS }, (_, i) => i).filter((i) => !answers.has(i) || i % 50 === 0);
      for (let k = 0; k < todo.length; k += 12) {
        const batch = await Promise.all(todo.slice(k, k + 12).map((i) => submit(i).catch(() => 0)));
        for (const s of batch) statuses[s] = (statuses[s] ?? 0) + 1;
      }
      if (answers.size === KEYS) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    const retrySeconds = (Date.now() - started) / 1000;

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      const events = await pg.query<{ stream_id: string }>(`SELECT stream_id FROM public.es_events WHERE event_type = 'OrderRequested'`);
      const perStream = new Map<string, number>();
      for (const e of events.rows) perStream.set(e.stream_id, (perStream.get(e.stream_id) ?? 0) + 1);
      const orderIds = [...answers.values()];
      const missing = orderIds.filter((id) => !perStream.has(`order-${id}`));
      const stuck = (await pg.query(`SELECT count(*)::int AS n FROM public.idempotency_keys WHERE response IS NULL`)).rows[0].n;
      console.log(
        `kill -9 keyed: ${KEYS} keys, ${beforeKill} answered before the kill, ${cutOff} requests cut off; at restart ${committedBeforeRetry - beforeKill} orders committed but unanswered, ${heldKeys} keys held by a dead lease; ${unanswered.length} retried after restart ` +
          `(answers ${JSON.stringify(statuses)}${refusals.size ? `, 409 said ${JSON.stringify([...refusals])}` : ''}, ${retrySeconds.toFixed(1)} s); ${answers.size}/${KEYS} keys answered, ${new Set(orderIds).size} distinct orders, ` +
          `${events.rows.length} OrderRequested events, ${missing.length} answered orders missing from the log, ${stuck} keys stuck`,
      );
      expect(answers.size).toBe(KEYS);
      expect(new Set(orderIds).size).toBe(KEYS);
      expect(events.rows.length).toBe(KEYS); // exactly one order per key, none extra
      expect([...perStream.values()].every((c) => c === 1)).toBe(true);
      expect(missing).toEqual([]);
      expect(stuck).toBe(0);
    } finally {
      await pg.end();
    }
  }, 300_000);
});
