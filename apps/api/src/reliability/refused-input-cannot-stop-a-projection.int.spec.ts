import { priceOrderInDollars } from '@facet/contracts';
import { Mailbox, codeOf, login, PASSWORD, verifiedCustomer } from '../testing/customer-helpers';
import { operationsOf } from './support/openapi-fuzz';
import { randomUUID } from 'crypto';
import { contactMessage, contactMessageStream } from '../contact/domain/contact-message';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { behindTheLog, expectEverythingProjected } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';

const SHIPPING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '+1 (555) 010-2000',
  address: '12 Analytical Way',
  city: 'New York',
  state: 'NY',
  zip_code: '10001',
  country: 'US',
};

/**
 * What the read models cannot store is refused at the edge (issue 14): NUL characters and lone UTF-16
 * surrogates in any body, query or path, amounts beyond the storage, JSON nested too deeply, arrays of
 * arrays where objects are due. Each used to be accepted, appended, and then stop a projection for good.
 * Every case ends in a clean 4xx (or with its event projected), and the shop keeps working afterwards.
 */
describe('Input the read models cannot store', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let staff: string;
  let address = 0;
  let ring: { id: string; name: string; price: number; image: string };
  let solitaire: { id: string; name: string; price: number; image: string };

  /** A raw JSON text body: "\u0000" and "\ud800" stay escapes until the server's JSON.parse turns them into characters. */
  const raw = (method: string, path: string, text: string, token?: string) =>
    t.request(method, path, {
      body: text,
      token,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${++address % 250}` },
    });

  const contact = (over: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Ring resizing',
    message: 'Could you resize my ring?',
    ...over,
  });

  const orderOf = (p: { id: string; name: string; price: number; image: string }, lines: number, quantity: number) => {
    const totals = priceOrderInDollars(Array.from({ length: lines }, () => ({ price: p.price, quantity })));
    return {
      items: Array.from({ length: lines }, () => ({ product_id: p.id, product_name: p.name, price: p.price, quantity, image: p.image })),
      shipping: SHIPPING,
      payment: { card_name: '', last_4: '' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    };
  };

  /** A 400 whose detail and errors name the field. */
  function expectRefused(res: { status: number; body: any }, field: string) {
    expect({ status: res.status, detail: res.body?.detail }).toEqual({ status: 400, detail: expect.stringContaining(field) });
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  }

  /** The proof: afterwards a normal order, a sign-up with verification and login, and a contact message show up at once. */
  async function shopStillWorks(tag: string) {
    const placed = await t.request('POST', '/api/orders', { body: orderOf(ring, 1, 1) });
    expect(placed.status).toBe(200);
    const shown = await t.request('GET', `/api/orders/${placed.body.order_id}`);
    expect(shown.status).toBe(200);

    const email = `after-${tag}-${Date.now()}@example.com`;
    await verifiedCustomer(t, box, email);
    expect(await login(t, email)).toEqual(expect.any(String));

    const from = `after-${tag}-${Date.now()}@example.org`;
    expect(
      (await t.request('POST', '/api/contact', { body: contact({ email: from }), headers: { 'x-forwarded-for': '203.0.113.77' } })).status,
    ).toBe(201);
    const listed = await t.request('GET', `/api/admin/messages?q=${encodeURIComponent(from)}`, { token: staff });
    expect(listed.body.items).toHaveLength(1);
    await expectEverythingProjected(t);
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'desk@facet.test' });
    box = new Mailbox(sink);
    staff = await t.staffToken();
    const create = async (name: string, price: number) =>
      (await t.request('POST', '/api/admin/products', { body: { name, price, category: 'women-rings' }, token: staff })).body;
    ring = await create('Aurora Pavé Band', 7850);
    solitaire = await create('Million Dollar Solitaire', 1_000_000);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  describe('The three one-request repros of the issue', () => {
    it('should refuse a contact name with a NUL byte with a 400 naming the field, and keep the shop working', async () => {
      const res = await raw('POST', '/api/contact', JSON.stringify(contact()).replace('Ada Lovelace', 'a\\u0000b'));
      expectRefused(res, 'name');
      expect(res.body.detail).toMatch(/NUL/);
      await shopStillWorks('contact');
    }, 90_000);

    it('should refuse PUT /api/me with a NUL in firstName with a 400, and keep the shop working', async () => {
      const email = `nul-profile-${Date.now()}@example.com`;
      await verifiedCustomer(t, box, email);
      const token = await login(t, email);
      const res = await raw('PUT', '/api/me', '{"firstName":"x\\u0000"}', token);
      expectRefused(res, 'firstName');
      const me = await t.request('GET', '/api/me', { token });
      expect(me.body.firstName).toBe('');
      await shopStillWorks('profile');
    }, 90_000);

    it('should end the anonymous order of 50 lines x 99 of a $7,850 ring with a clean 4xx or with the order projected, and keep the shop working', async () => {
      const res = await t.request('POST', '/api/orders', { body: orderOf(ring, 50, 99) });
      console.log(`50 x 99 x $7,850 anonymous order: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status === 200) {
        const shown = await t.request('GET', `/api/orders/${res.body.order_id}`);
        expect(shown.status).toBe(200);
        // 3,885,750,000 cents: beyond a 32-bit column; the read model now keeps bigint cents.
        expect(shown.body.subtotal).toBe(38_857_500);
        expect(shown.body.total).toBe(priceOrderInDollars([{ price: 7850, quantity: 50 * 99 }]).total);
      } else {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.detail).toEqual(expect.any(String));
      }
      await shopStillWorks('order');
    }, 90_000);
  });

  describe('Amounts', () => {
    it('should refuse an order above the $100,000,000 hard cap with a clear 4xx', async () => {
      const res = await t.request('POST', '/api/orders', { body: orderOf(solitaire, 2, 99) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.detail).toEqual(expect.any(String));
    }, 90_000);

    it.each([
      ['quantity above 99', { quantity: 100 }, 'items.0.quantity'],
      ['quantity of 1e308', { quantity: 1e308 }, 'items.0.quantity'],
      ['negative zero quantity', { quantity: -0 }, 'items.0.quantity'],
      ['price of 1e308', { price: 1e308 }, 'items.0.price'],
    ])('should refuse an order line with a %s', async (_name, over, field) => {
      const body = orderOf(ring, 1, 1);
      Object.assign(body.items[0], over);
      expectRefused(await t.request('POST', '/api/orders', { body }), field);
    });

    it.each([
      ['price', 1_000_000.01],
      ['price', 1e308],
      ['original_price', 2e9],
      ['reviews_count', 2 ** 31],
      ['rating', 5.1],
    ])('should refuse a product with %s %p', async (field, value) => {
      expectRefused(
        await t.request('POST', '/api/admin/products', {
          body: { name: 'Too much', price: 10, category: 'women-rings', [field]: value },
          token: staff,
        }),
        field,
      );
    });

    it('should refuse claimed order totals beyond any real order', async () => {
      expectRefused(await t.request('POST', '/api/orders', { body: { ...orderOf(ring, 1, 1), total: 1e308 } }), 'total');
    }, 90_000);

    it('should refuse page numbers beyond the bound on every paged list', async () => {
      for (const path of ['/api/admin/orders', '/api/admin/audit/events', '/api/admin/messages', '/api/products']) {
        expectRefused(await t.request('GET', `${path}?page=1e308`, { token: staff }), 'page');
      }
    }, 90_000);
  });

  describe('Text with NUL characters and lone surrogates', () => {
    it('should refuse lone surrogates (high, low, reversed) and accept well-formed astral characters', async () => {
      for (const bad of ['\\ud800', 'x\\udfff', '\\udc00\\ud800', 'ok\\ud83d']) {
        const res = await raw('POST', '/api/contact', JSON.stringify(contact()).replace('Ring resizing', bad));
        expectRefused(res, 'subject');
        expect(res.body.detail).toMatch(/surrogate/);
      }
      // A bidi override is stored in the message; a subject refuses it since round four (it reorders what staff read).
      const ok = await raw(
        'POST',
        '/api/contact',
        JSON.stringify(contact({ subject: 'Ring 💎 resizing', message: 'Ring 💎 \u202eresizing\u202c' })),
      );
      expect(ok.status).toBe(201);
    }, 90_000);

    it('should refuse a NUL in the login e-mail (customer and staff) with a 400, not a 500', async () => {
      expectRefused(await raw('POST', '/api/auth/login', `{"email":"a\\u0000@example.com","password":"${PASSWORD}"}`), 'email');
      expectRefused(await raw('POST', '/api/staff/login', '{"username":"admin\\u0000@facet.test","password":"x"}'), 'username');
      expectRefused(await raw('POST', '/api/auth/register', `{"email":"b@example.com","password":"Pass\\ud800word-1985!"}`), 'password');
    }, 90_000);

    it('should refuse NUL and lone surrogates in product fields, on create and on edit', async () => {
      const base = { name: 'Halo', price: 10, category: 'women-rings' };
      expectRefused(await raw('POST', '/api/admin/products', JSON.stringify(base).replace('Halo', 'Ha\\u0000lo'), staff), 'name');
      expectRefused(
        await raw('POST', '/api/admin/products', JSON.stringify({ ...base, description: 'D' }).replace('"D"', '"\\udc00"'), staff),
        'description',
      );
      expectRefused(
        await raw('POST', '/api/admin/products', JSON.stringify({ ...base, features: ['a', 'F'] }).replace('"F"', '"\\u0000"'), staff),
        'features.1',
      );
      expectRefused(await raw('PUT', `/api/admin/products/${ring.id}`, '{"name":"\\ud800"}', staff), 'name');
      // Keys count too: an unknown field whose name holds a NUL is named escaped.
      expect((await raw('POST', '/api/admin/products', '{"na\\u0000me":"x"}', staff)).status).toBe(400);
    }, 90_000);

    it('should refuse NUL in status notes of orders, custom designs and contact messages', async () => {
      const order = (await t.request('POST', '/api/orders', { body: orderOf(ring, 1, 1) })).body.order_id;
      expectRefused(await raw('PUT', `/api/admin/orders/${order}`, '{"status":"contacted","note":"called \\u0000"}', staff), 'note');
      const design = await t.request('POST', '/api/custom-design', {
        body: {
          category: 'women',
          jewelry_type: 'women-rings',
          diamond_shape: 'round',
          diamond_size: '1-1.5',
          metal_type: 'gold',
          metal_karat: '18K',
          contact_name: 'Ada',
          contact_email: 'ada@example.com',
        },
      });
      expect(design.status).toBe(201);
      expectRefused(
        await raw('PUT', `/api/admin/custom-designs/${design.body.id}`, '{"status":"contacted","note":"\\ud800"}', staff),
        'note',
      );
      const messages = await t.request('GET', '/api/admin/messages', { token: staff });
      expectRefused(
        await raw('PUT', `/api/admin/messages/${messages.body.items[0].id}`, '{"status":"handled","note":"done\\u0000"}', staff),
        'note',
      );
      expectRefused(
        await raw(
          'POST',
          '/api/admin/staff',
          '{"email":"s@facet.test","name":"S\\u0000","role":"staff","password":"Brilliant-Cut-1985!"}',
          staff,
        ),
        'name',
      );
      await expectEverythingProjected(t);
    }, 90_000);

    it('should answer ?search=%00 and ?q=%00 with 400 on every list route that searches', async () => {
      const doc = (await t.request('GET', '/api/docs-json')).body;
      const searching = operationsOf(doc).filter(
        (o) => o.method === 'GET' && (o.op.parameters ?? []).some((p: any) => p.in === 'query' && (p.name === 'q' || p.name === 'search')),
      );
      expect(searching.length).toBeGreaterThanOrEqual(7);
      const statuses: string[] = [];
      for (const o of searching) {
        const name = o.op.parameters.find((p: any) => p.in === 'query' && (p.name === 'q' || p.name === 'search')).name;
        for (const value of ['%00', 'ring%00', '%ED%A0%80', '%F0%9F%92']) {
          const res = await t.request('GET', `${o.path}?${name}=${value}`, { token: staff });
          statuses.push(`${o.path}?${name}=${value} -> ${res.status}`);
          expect(res.status).toBeLessThan(500);
          if (value.includes('%00')) expectRefused(res, name);
        }
      }
      console.log(`search with NUL / broken UTF-8 on ${searching.length} list routes: ${statuses.length} requests, 0 x 5xx`);
    }, 90_000);

    it('should refuse a NUL in a path parameter and in other query parameters', async () => {
      expect((await t.request('GET', '/api/products/%00')).status).toBe(400);
      expect((await t.request('GET', '/api/products/category/women-rings%00')).status).toBe(400);
      expectRefused(await t.request('GET', '/api/admin/audit/events?stream=order-%00', { token: staff }), 'stream');
      expectRefused(await t.request('GET', '/api/admin/mail?kind=%00', { token: staff }), 'kind');
    }, 90_000);
  });

  describe('Shapes', () => {
    const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
    const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

    it.each([33, 500, 100_000])('should refuse JSON nested %p levels deep with a 400 saying so', async (levels) => {
      for (const body of [nested(levels), arrays(levels), `{"items":${arrays(levels - 1)}}`]) {
        const res = await raw('POST', '/api/orders', body);
        expect({ status: res.status, detail: res.body?.detail }).toEqual({
          status: 400,
          detail: expect.stringMatching(/nested too deeply/),
        });
      }
    });

    it('should let 32 levels through the parser to validation', async () => {
      const res = await raw('POST', '/api/orders', nested(32));
      expect(res.status).toBe(400);
      expect(res.body.detail).not.toMatch(/nested too deeply/);
    }, 90_000);

    it('should not count brackets inside strings as nesting', async () => {
      const res = await raw('POST', '/api/contact', JSON.stringify(contact({ message: '[[[[{{{{'.repeat(100) })));
      expect(res.status).toBe(201);
    }, 90_000);

    it.each([
      ['items', [[]]],
      ['items', [[{ product_id: 'x' }]]],
      ['items', [null]],
      ['items', ['a']],
      ['shipping', []],
      ['payment', [[]]],
    ])('should refuse %s of %j in validation, before any handler', async (field, value) => {
      const res = await t.request('POST', '/api/orders', { body: { ...orderOf(ring, 1, 1), [field]: value } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(/must be an object/) }]));
    });

    it('should refuse a profile address that is an array of arrays', async () => {
      const email = `shape-${Date.now()}@example.com`;
      await verifiedCustomer(t, box, email);
      const token = await login(t, email);
      expectRefused(await raw('PUT', '/api/me', '{"address":[[]]}', token), 'address');
    }, 90_000);
  });

  it('should have projected every event appended during these tests', async () => {
    await expectEverythingProjected(t);
    // And a customer verifying by code still works after all of it.
    const email = `last-${Date.now()}@example.com`;
    const reg = await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
    expect(reg.status).toBe(201);
    expect(codeOf(await box.next(email, 'verify-email'))).toHaveLength(8);
  }, 90_000);

  // Last: it leaves the contact messages projection stuck, as the issue found it.
  it('should see, with the same check, a projection stuck on an event that went around the edge', async () => {
    const messageId = randomUUID();
    await t.app.get(EventSourcing).decide(contactMessageStream(messageId), contactMessage, {
      type: 'ReceiveContactMessage',
      messageId,
      customerId: null,
      fields: { name: 'a\u0000b', email: 'around@example.com', phone: null, subject: 'Around the edge', message: 'Appended directly.' },
    });
    // A deliberate wait: time for a working projection to pass the event, so one still behind is stuck.
    await new Promise((r) => setTimeout(r, 1500));
    // Behind (still retrying) or parked as a dead letter: either way it is seen.
    expect((await behindTheLog(t)).map((b) => b.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^projection:contact_messages/)]),
    );
  }, 90_000);
});
