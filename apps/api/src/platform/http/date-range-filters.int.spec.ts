import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../database/database.service';
import { designBody } from '../../testing/request-bodies';
import { startTestApp, TestApp } from '../../testing/test-app';
import { SHIPPING, waitUntil } from '../../orders/http/orders.int.spec';

/** The console's from/to filters on orders, custom designs and messages: what they match and what they refuse. */
describe('Date-range filters on the staff lists', () => {
  let t: TestApp;
  let token: string;
  const ids = { orders: [] as string[], 'custom-designs': [] as string[], messages: [] as string[] };
  const TABLES = { orders: 'orders', 'custom-designs': 'custom_designs', messages: 'contact_messages' } as const;
  type List = keyof typeof TABLES;
  const LISTS = Object.keys(TABLES) as List[];
  // One record of each kind on each of these instants (set on the read model after creation).
  const WHEN = ['2026-01-10T23:30:00.000Z', '2026-01-11T00:00:00.000Z', '2026-01-11T23:59:59.999Z', '2026-03-01T08:00:00.000Z'];

  const list = (name: List, query: string) => t.request('GET', `/api/admin/${name}?limit=100&${query}`, { token });
  const found = async (name: List, query: string) => {
    const res = await list(name, query);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(res.body.total));
    return (res.body.items as any[]).map((i) => i.id ?? i.order_id).sort();
  };
  const onDays = (name: List, ...which: number[]) => which.map((w) => ids[name][w]).sort();

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.staffToken();
    await t.app.get(CatalogSeeder).seedIfEmpty();
    const product = (await t.request('GET', '/api/products?limit=1')).body.products[0];
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    for (let n = 0; n < WHEN.length; n++) {
      const order = await t.request('POST', '/api/orders', {
        body: {
          items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
          shipping: SHIPPING,
          payment: { card_name: '', last_4: '' },
          subtotal: totals.subtotal,
          shipping_cost: totals.shipping,
          tax: totals.tax,
          total: totals.total,
          status: 'consultation_requested',
          payment_status: 'pending_consultation',
        },
      });
      expect(order.status).toBe(200);
      ids.orders.push(order.body.order_id);
      const design = await t.request('POST', '/api/custom-design', {
        body: designBody({ design_notes: `range ${n}`, contact_phone: '+1 (212) 555-0199' }),
        headers: { 'idempotency-key': `range-design-${n}` },
      });
      expect(design.status).toBe(201);
      ids['custom-designs'].push(design.body.id);
      const message = await t.request('POST', '/api/contact', {
        body: { name: 'Ada Lovelace', email: 'ada@example.com', subject: `Range ${n}`, message: 'When is my ring ready?' },
        headers: { 'idempotency-key': `range-message-${n}` },
      });
      expect([200, 201]).toContain(message.status);
    }
    const db = t.app.get(DatabaseService);
    for (const name of LISTS) {
      await waitUntil(async () => (await list(name, '')).body.total === WHEN.length);
      // The contact form's answer carries no id: find each message by its subject.
      if (name === 'messages') {
        const items: any[] = (await list(name, '')).body.items;
        ids.messages = WHEN.map((_, n) => items.find((i) => i.subject === `Range ${n}`).id);
      }
      for (let n = 0; n < WHEN.length; n++)
        await db.query(`UPDATE ${TABLES[name]} SET created_at = $1 WHERE id = $2`, [WHEN[n], ids[name][n]]);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(LISTS)('When staff filter %s', (name) => {
    it('should count a bare date as its whole UTC day, both ends inclusive', async () => {
      expect(await found(name, 'from=2026-01-11&to=2026-01-11')).toEqual(onDays(name, 1, 2));
      expect(await found(name, 'from=2026-01-11')).toEqual(onDays(name, 1, 2, 3));
      expect(await found(name, 'to=2026-01-10')).toEqual(onDays(name, 0));
    });

    it('should take instants with an offset, to the millisecond', async () => {
      expect(
        await found(name, `from=${encodeURIComponent('2026-01-11T00:30:00+01:00')}&to=${encodeURIComponent('2026-01-11T23:59:59.998Z')}`),
      ).toEqual(onDays(name, 0, 1));
      expect(await found(name, 'from=2026-01-11T23:59:59.999Z&to=2026-01-11T23:59:59.999Z')).toEqual(onDays(name, 2));
      expect(await found(name, 'from=2027-01-01')).toEqual([]);
    });

    it.each([
      ['not a date', 'from=yesterday'],
      ['a day that does not exist', 'from=2026-02-30'],
      ['a month 13', 'to=2026-13-01'],
      ['an hour 24', 'from=2026-01-01T24:00:00Z'],
      ['a time without an offset', 'from=2026-01-01T10:00:00'],
      ['an offset beyond +14:00', 'from=2026-01-01T10:00:00%2B15:00'],
      ['a year past 9999', 'from=%2B275760-09-13T00:00:00Z'],
      ['a year before 1000', 'to=0999-12-31'],
      ['year zero', 'from=0000-01-01'],
      ['a NUL byte', 'from=2026-01-01%00'],
      ['a lone surrogate', 'from=2026-01-01%ED%A0%80'],
      ['a number', 'from=1767225600000'],
      ['a repeated parameter (array)', 'from=2026-01-01&from=2026-01-02'],
      ['a bracketed object', 'from[gt]=2026-01-01'],
      ['an empty value', 'to='],
      ['a huge value', `from=2026-01-01${'9'.repeat(5000)}`],
      ['SQL', `from=${encodeURIComponent("2026-01-01' OR '1'='1")}`],
      ['to before from', 'from=2026-01-12&to=2026-01-11'],
    ])('should refuse %s with 400 naming the field', async (_what, query) => {
      const res = await list(name, query);
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe('string');
      expect(JSON.stringify(res.body)).toMatch(/\b(from|to)\b/);
    });
  });

  it('should still answer every list after a burst of hostile queries at once', async () => {
    const hostile = ['from=%00', 'to=2026-99-99', 'from=2026-01-01T00:00:00-99:00', `to=${'x'.repeat(200)}`];
    const replies = await Promise.all(LISTS.flatMap((name) => hostile.map((q) => list(name, q))));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 400));
    for (const name of LISTS) expect(await found(name, 'from=2026-01-01&to=2026-12-31')).toEqual(onDays(name, 0, 1, 2, 3));
  });
});
