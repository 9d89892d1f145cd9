import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { login, Mailbox, verifiedCustomer } from '../testing/customer-helpers';
import { DatabaseService } from '../platform/database/database.service';
import { RunnersService } from '../platform/projections/runners.service';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';
import { randomUUID } from 'crypto';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { PersonalData } from '../platform/privacy/personal-data';
import { systemMetadata } from '../testing/event-metadata';

/**
 * After an erasure the live read models and a replay of the log show the same rows: "erased" wherever the
 * person's name, e-mail, phone or a note about them was (orders, design requests and their
 * history, contact messages, the audit log), their mail gone, and a bystander untouched.
 */
const EMAIL = 'Odalys.Vantreeck@Example.com';
const FIRST = 'Odalys';
const LAST = 'Vantreeck';
const PHONE = '+1 (212) 555-0147';
const BYSTANDER = { email: 'bystander.kept@example.net', name: 'Bystander Kept' };
const NEEDLES = [EMAIL.toLowerCase(), FIRST.toLowerCase(), LAST.toLowerCase(), '555-0147', 'vantreeck street'];

/** Every table a person can appear in, each row as JSON, in a stable order. */
const TABLES: Record<string, string> = {
  orders: 'id',
  custom_designs: 'id',
  custom_design_history: 'design_id, revision',
  contact_messages: 'id',
  sent_mail: 'id',
  customers: 'id',
};

describe('Erased people read "erased", live and after a replay', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let db: DatabaseService;

  async function readModels(): Promise<Record<string, Record<string, unknown>[]>> {
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const [table, order] of Object.entries(TABLES)) {
      out[table] = (await db.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM rm.${table} t ORDER BY ${order}`)).map(
        (r) => r.row,
      );
    }
    return out;
  }
  const traces = (models: Record<string, unknown>) =>
    Object.entries(models).flatMap(([table, rows]) =>
      NEEDLES.filter((n) => JSON.stringify(rows).toLowerCase().includes(n)).map((n) => `${table}: ${n}`),
    );

  async function until(what: string, check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 150; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  /** The read models once mail and projections have stopped moving (two reads a second apart agree). */
  async function settled(): Promise<Record<string, Record<string, unknown>[]>> {
    let previous = JSON.stringify(await readModels());
    for (let i = 0; i < 30; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await readModels();
      if (JSON.stringify(now) === previous) return now;
      previous = JSON.stringify(now);
    }
    throw new Error('the read models kept changing');
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'atelier@facet.test' });
    db = t.app.get(DatabaseService);
    await t.app.get(CatalogSeeder).seedIfEmpty();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should give identical rows, with "erased" and no personal data, in the live read models and after a replay', async () => {
    const staff = await t.staffToken();
    const box = new Mailbox(sink);
    const email = await verifiedCustomer(t, box, EMAIL);
    const token = await login(t, email);
    const customerId = (await t.request('GET', '/api/me', { token })).body.id as string;
    expect(
      (
        await t.request('PUT', '/api/me', {
          token,
          body: {
            firstName: FIRST,
            lastName: LAST,
            phone: PHONE,
            address: { street: '9 Vantreeck Street', city: 'Albany', state: 'NY', zipCode: '12207' },
          },
        })
      ).status,
    ).toBe(200);

    const product = (await t.request('GET', '/api/products?limit=5&sort_by=price-low')).body.products.find((p: any) => p.in_stock);
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const order = (who: { first: string; last: string; email: string; phone: string; street: string }, card: boolean) => ({
      items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
      shipping: {
        first_name: who.first,
        last_name: who.last,
        email: who.email,
        phone: who.phone,
        address: who.street,
        apartment: '',
        city: 'Albany',
        state: 'NY',
        zip_code: '12207',
        country: 'US',
      },
      payment: card ? { card_name: `${who.first} ${who.last}`, last_4: '4242' } : { card_name: '', last_4: '' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      ...(card
        ? { status: 'pending', payment_status: 'unpaid' }
        : { status: 'consultation_requested', payment_status: 'pending_consultation' }),
    });
    const person = { first: FIRST, last: LAST, email: EMAIL, phone: PHONE, street: '9 Vantreeck Street' };
    // Signed in with a card; as a guest with the same e-mail; a bystander guest who stays.
    const signedIn = await t.request('POST', '/api/orders', { token, body: order(person, true) });
    const asGuest = await t.request('POST', '/api/orders', { body: order(person, false) });
    const bystander = await t.request('POST', '/api/orders', {
      body: order({ first: 'Bystander', last: 'Kept', email: BYSTANDER.email, phone: '+1 (303) 555-0101', street: '1 Kept Road' }, false),
    });
    for (const r of [signedIn, asGuest, bystander])
      expect({ status: r.status, body: r.status === 200 ? null : r.body }).toEqual({ status: 200, body: null });
    const note = `Called ${FIRST} ${LAST} on ${PHONE}`;
    expect(
      (await t.request('PUT', `/api/admin/orders/${signedIn.body.order_id}`, { token: staff, body: { status: 'cancelled', note } })).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/api/admin/orders/${asGuest.body.order_id}`, { token: staff, body: { status: 'contacted', note } })).status,
    ).toBe(200);

    // Design requests: signed in (no phone), and as a guest with the account's e-mail.
    const design = (extra: Record<string, unknown>) => ({
      category: 'women',
      jewelry_type: 'women-rings',
      diamond_shape: 'oval',
      diamond_size: '1-1.5',
      metal_type: 'rose-gold',
      metal_karat: '14K',
      design_notes: `For ${FIRST}`,
      contact_name: `${FIRST} ${LAST}`,
      contact_email: EMAIL,
      preferred_contact: 'email',
      ...extra,
    });
    const designSignedIn = await t.request('POST', '/api/custom-design', { token, body: design({}) });
    const designAsGuest = await t.request('POST', '/api/custom-design', { body: design({ contact_phone: PHONE }) });
    for (const r of [designSignedIn, designAsGuest]) expect(r.status).toBe(201);
    expect(
      (await t.request('PUT', `/api/admin/custom-designs/${designAsGuest.body.id}`, { token: staff, body: { status: 'contacted', note } }))
        .status,
    ).toBe(200);

    // Contact messages: signed in, as a guest, and the bystander's; each handled with a note.
    const contact = (body: Record<string, unknown>, auth?: string) =>
      t.request('POST', '/api/contact', { token: auth, body, headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(
      (await contact({ name: `${FIRST} ${LAST}`, email: EMAIL, phone: PHONE, subject: `From ${LAST}`, message: 'Signed in' }, token))
        .status,
    ).toBe(201);
    expect((await contact({ name: `${FIRST} ${LAST}`, email: EMAIL, subject: 'As a guest', message: `Call ${PHONE}` })).status).toBe(201);
    expect((await contact({ name: BYSTANDER.name, email: BYSTANDER.email, subject: 'Kept', message: 'Still here' })).status).toBe(201);
    for (const m of await db.query<{ id: string; email: string }>('SELECT id, email FROM rm.contact_messages')) {
      const handledNote = m.email === BYSTANDER.email ? 'Answered the bystander' : note;
      expect(
        (await t.request('PUT', `/api/admin/messages/${m.id}`, { token: staff, body: { status: 'handled', note: handledNote } })).status,
      ).toBe(200);
    }
    await until('the person in every read model', async () => traces(await readModels()).length >= 5);
    // The staff notice of the guest message is sent by the mail worker, later: erased first, it would be a
    // mail in flight during the erasure (docs/security.md), which this test does not compare.
    await until('the staff notice of the guest message', async () =>
      Boolean(await db.one(`SELECT 1 FROM rm.sent_mail WHERE subject = 'New contact message: As a guest'`)),
    );

    expect((await t.request('DELETE', `/api/admin/customers/${customerId}`, { token: staff })).status).toBe(200);
    const erasedOrderId = signedIn.body.order_id as string;
    await until('the live purge', async () => {
      const m = await readModels();
      return (
        m.orders.filter((o) => o.email === 'erased').length === 2 &&
        m.contact_messages.filter((c) => c.email === 'erased').length === 2 &&
        m.custom_designs.filter((c) => c.contact_email === 'erased').length === 2
      );
    });
    const live = await settled();
    await t.app.get(RunnersService).replay({});
    const replayed = await readModels();

    expect(replayed).toEqual(live);
    expect(traces(live)).toEqual([]);

    // What "erased" looks like, row by row.
    const byId = <T extends Record<string, unknown>>(rows: T[], id: string) => rows.find((r) => r.id === id)!;
    expect(byId(live.orders, erasedOrderId)).toMatchObject({
      first_name: 'erased',
      last_name: 'erased',
      email: 'erased',
      phone: 'erased',
      card_name: 'erased',
      last_4: null,
      address: null,
      customer_id: null,
      subject_id: 'erased',
    });
    expect(byId(live.orders, asGuest.body.order_id)).toMatchObject({
      first_name: 'erased',
      email: 'erased',
      phone: 'erased',
      customer_id: null,
    });
    expect(byId(live.orders, bystander.body.order_id)).toMatchObject({
      first_name: 'Bystander',
      email: BYSTANDER.email,
      phone: '+1 (303) 555-0101',
    });
    expect(live.custom_designs.map((d) => [d.contact_name, d.contact_email, d.contact_phone, d.design_notes]).sort()).toEqual([
      ['erased', 'erased', null, 'erased'], // no phone was given: nothing to erase
      ['erased', 'erased', 'erased', 'erased'],
    ]);
    expect(live.custom_design_history.filter((h) => h.note !== null).map((h) => h.note)).toEqual(['erased']);
    const messages = live.contact_messages.map((m) => [m.name, m.email, m.phone, m.subject, m.message, m.handled_note]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['erased', 'erased', 'erased', 'erased', 'erased', 'erased'],
        ['erased', 'erased', null, 'erased', 'erased', 'erased'],
        [BYSTANDER.name, BYSTANDER.email, null, 'Kept', 'Still here', 'Answered the bystander'],
      ]),
    );
    expect(live.customers).toEqual([]);
    // The person's mail is gone; one still in flight during the erasure is recorded without them.
    const theirs = live.sent_mail.filter(
      (m) => String(m.to_address).toLowerCase() !== 'atelier@facet.test' && m.to_address !== BYSTANDER.email,
    );
    for (const m of theirs) expect(m).toMatchObject({ to_address: 'erased', subject: 'erased', html: null, text: null });

    // The console's order page and the audit log say the same.
    const page = await t.request('GET', `/api/admin/orders/${erasedOrderId}`, { token: staff });
    expect(JSON.stringify(page.body).toLowerCase()).not.toContain(LAST.toLowerCase());
    const audit = await t.request('GET', `/api/admin/audit/streams/order-${erasedOrderId}`, { token: staff });
    expect(audit.status).toBe(200);
    const requested = audit.body.events.find((e: any) => e.type === 'OrderRequested');
    expect(requested.data.shipping).toBe('erased');
    expect(audit.body.events.find((e: any) => e.type === 'OrderStatusChanged').data.note).toBe('erased');
    expect(JSON.stringify(audit.body).toLowerCase()).not.toContain(LAST.toLowerCase());
  }, 180_000);

  it('should hide the engraving and tracking number that events written before they were sealed hold in clear text, live, on read and after a replay', async () => {
    const staff = await t.staffToken();
    const email = await verifiedCustomer(t, new Mailbox(sink), 'legacy.engraving@example.com');
    const token = await login(t, email);
    const customerId = (await t.request('GET', '/api/me', { token })).body.id as string;
    const subject = `customer:${customerId}`;
    const privacy = t.app.get(PersonalData);
    const product = (await t.request('GET', '/api/products?limit=5&sort_by=price-low')).body.products.find((p: any) => p.in_stock);
    // An order as an older version recorded it: the shipping block sealed, the engraving and tracking number in clear text.
    const orderId = randomUUID();
    const engraving = 'Legacy Vow Zephyrine';
    const tracking = 'LEGACY7730419';
    const shipping = {
      first_name: 'Zephyrine',
      last_name: 'Old',
      email,
      phone: '',
      address: '3 Old Road',
      apartment: '',
      city: 'Albany',
      state: 'NY',
      zip_code: '12207',
      country: 'US',
    };
    const data = (type: string, d: Record<string, unknown>) => ({ type, data: { order_id: orderId, ...d }, metadata: systemMetadata() });
    await t.app.get<EventStore>(EVENT_STORE).appendToStream(
      `order-${orderId}`,
      [
        data('OrderRequested', {
          kind: 'card',
          status: 'pending',
          payment_status: 'unpaid',
          customer_id: customerId,
          subject_id: subject,
          shipping: await privacy.seal(subject, shipping),
          payment: await privacy.seal(subject, { card_name: 'Zephyrine Old', last_4: '4242' }),
          items: [
            { product_id: product.id, product_name: product.name, image: product.image, unit_price_cents: 10000, quantity: 1, engraving },
            {
              product_id: product.id,
              product_name: product.name,
              image: product.image,
              unit_price_cents: 10000,
              quantity: 1,
              engraving: '',
            },
          ],
          subtotal_cents: 20000,
          shipping_cents: 0,
          tax_cents: 0,
          total_cents: 20000,
        }),
        data('OrderStatusChanged', {
          from: 'pending',
          to: 'shipped',
          note: await privacy.seal(subject, ''),
          by: 'staff:x',
          subject_id: subject,
          shipment: { carrier: 'fedex', tracking_number: tracking },
        }),
        data('OrderStatusChanged', {
          from: 'shipped',
          to: 'delivered',
          note: await privacy.seal(subject, ''),
          by: 'staff:x',
          subject_id: subject,
        }),
      ],
      'no_stream',
    );
    await until('the old order in rm.orders', async () =>
      Boolean(await db.one(`SELECT 1 FROM rm.orders WHERE id = $1 AND status = 'delivered'`, [orderId])),
    );
    // Before the erasure staff read both, in the order and its history.
    const before = (await t.request('GET', `/api/admin/orders/${orderId}`, { token: staff })).body;
    expect(before).toMatchObject({ tracking_number: tracking, tracking_url: expect.stringContaining(tracking) });
    expect(before.items.map((l: any) => l.engraving)).toEqual([engraving, '']);
    expect(JSON.stringify((await t.request('GET', `/api/admin/audit/streams/order-${orderId}`, { token: staff })).body)).toContain(
      tracking,
    );

    expect((await t.request('DELETE', `/api/admin/customers/${customerId}`, { token: staff })).status).toBe(200);
    const row = async () =>
      (await db.one<{ items: any[]; tracking_number: string }>('SELECT items, tracking_number FROM rm.orders WHERE id = $1', [orderId]))!;
    const live = await row();
    expect({ engravings: live.items.map((l) => l.engraving), tracking: live.tracking_number }).toEqual({
      engravings: ['erased', ''],
      tracking: 'erased',
    });
    // What staff read of the log: the order, its history, the audit list and the export.
    const after = (await t.request('GET', `/api/admin/orders/${orderId}`, { token: staff })).body;
    expect(after).toMatchObject({ tracking_number: 'erased', tracking_url: null });
    const history = await t.request('GET', `/api/admin/audit/streams/order-${orderId}`, { token: staff });
    expect(history.body.events.find((e: any) => e.type === 'OrderRequested').data.items.map((l: any) => l.engraving)).toEqual([
      '[redacted]',
      '',
    ]);
    expect(history.body.events.find((e: any) => e.data.to === 'shipped').data.shipment).toEqual({
      carrier: 'fedex',
      tracking_number: '[redacted]',
    });
    const listed = await t.request('GET', `/api/admin/audit/events?stream=${encodeURIComponent(`order-${orderId}`)}&limit=100`, {
      token: staff,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(3);
    const exported = await t.request('GET', `/api/admin/audit/export?stream=order-${orderId}`, { token: staff });
    expect(exported.status).toBe(200);
    const exportText = typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body);
    // A redacted line carries its digest, so the chain still checks offline.
    expect(
      exportText
        .split('\n')
        .filter((l) => l.includes('[redacted]'))
        .every((l) => JSON.parse(l).digest),
    ).toBe(true);
    for (const shown of [JSON.stringify(history.body), JSON.stringify(listed.body), exportText, JSON.stringify(after)]) {
      expect([engraving, tracking].filter((n) => shown.includes(n))).toEqual([]);
    }
    // A replay builds the same row.
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.differences).toHaveProperty('orders', 0);
    expect(await row()).toEqual(live);
  }, 120_000);
});
