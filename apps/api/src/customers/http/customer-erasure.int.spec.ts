import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { RunnersService } from '../../platform/projections/runners.service';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { login, Mailbox, verifiedCustomer } from '../../testing/customer-helpers';
import { ERASED_ORDER_MESSAGE, orderSubject } from '../../orders/domain/order';
import { PersonalData } from '../../platform/privacy/personal-data';
import { GOOD_CARD, orderAccessCookie, placeCardOrder, waitUntil } from '../../testing/card-orders';

/** The person, as they could appear anywhere: e-mail (plain, URL-encoded), names, phone, street. */
const PERSON = {
  email: 'Erin.Quillfeather@Example.com',
  firstName: 'Erinzabel',
  lastName: 'Quillfeather',
  phone: '+1 (555) 867-5309',
  street: '77 Obsidian Crescent',
};
const needles = () => {
  const email = PERSON.email.toLowerCase();
  return [
    email,
    encodeURIComponent(email),
    PERSON.firstName.toLowerCase(),
    PERSON.lastName.toLowerCase(),
    '867-5309',
    PERSON.street.toLowerCase(),
  ];
};

describe('Erasing a customer', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let db: DatabaseService;

  /** Every row of every read-model table, the whole log and the sent-mail model, as lower-cased text. */
  async function everywhere(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'rm' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const rows = await db.query<{ row: string }>(`SELECT t::text AS row FROM rm."${table_name}" t`);
      out[`rm.${table_name}`] = rows
        .map((r) => r.row)
        .join('\n')
        .toLowerCase();
    }
    const log = await db.query<{ row: string }>(
      `SELECT stream_id || ' ' || data::text || ' ' || metadata::text AS row FROM public.es_events`,
    );
    out['public.es_events'] = log
      .map((r) => r.row)
      .join('\n')
      .toLowerCase();
    return out;
  }
  const tracesIn = (texts: Record<string, string>) =>
    Object.entries(texts).flatMap(([table, text]) =>
      needles()
        .filter((n) => text.includes(n))
        .map((n) => `${table}: ${n}`),
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: 'http://shop.test' });
    db = t.app.get(DatabaseService);
    await t.app.get(CatalogSeeder).seedIfEmpty();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should leave no trace of the person in any read model, the log or the sent mail, even after a replay', async () => {
    const box = new Mailbox(sink);
    const email = await verifiedCustomer(t, box, PERSON.email);
    const token = await login(t, email);
    const profile = await t.request('PUT', '/api/me', {
      token,
      body: {
        firstName: PERSON.firstName,
        lastName: PERSON.lastName,
        phone: PERSON.phone,
        address: { street: PERSON.street, city: 'Boston', state: 'MA', zipCode: '02101' },
      },
    });
    expect(profile.status).toBe(200);

    // An order, placed signed in, with a consultation mail.
    const product = (await t.request('GET', '/api/products?limit=1&sort_by=price-low')).body.products[0];
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const order = await t.request('POST', '/api/orders', {
      token,
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
        shipping: {
          first_name: PERSON.firstName,
          last_name: PERSON.lastName,
          email: PERSON.email,
          phone: PERSON.phone,
          address: PERSON.street,
          apartment: '',
          city: 'Boston',
          state: 'NY',
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
      },
    });
    expect(order.status).toBe(200);
    const orderId = order.body.order_id;
    await sink.waitFor((m) => m.to.includes(email) && m.headers['x-facet-mail-kind'] !== 'verify-email', 10_000);
    // The mail worker records what it sent; wait until the sent-mail model shows both mails.
    for (let i = 0; i < 50; i++) {
      const n = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM rm.sent_mail WHERE lower(to_address) = $1`, [email]);
      if ((n?.n ?? 0) >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // Before: the person is there (so the search below can find them).
    const before = tracesIn(await everywhere());
    expect(before).toEqual(
      expect.arrayContaining(['rm.customers: ' + email, 'rm.sent_mail: ' + email, `rm.orders: ${PERSON.lastName.toLowerCase()}`]),
    );
    expect(before.filter((x) => x.startsWith('public.es_events'))).toEqual([]); // sealed in the log from the start
    // The bodies of the mails sent are in the mail archive (sealed), not in the log.
    const archivedSubjects = (await db.query<{ subject_id: string }>(`SELECT subject_id FROM public.mail_archive`)).map(
      (r) => r.subject_id,
    );
    expect(archivedSubjects.length).toBeGreaterThanOrEqual(2);

    const customerId = (await t.request('GET', '/api/me', { token })).body.id;
    expect((await t.request('DELETE', '/api/me', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/session', { token })).status).toBe(401);
    expect(
      await db.one(`SELECT 1 FROM public.subject_keys WHERE subject_id = ANY($1)`, [[`customer:${customerId}`, `email:${email}`]]),
    ).toBeNull();

    expect(tracesIn(await everywhere())).toEqual([]);
    expect(await db.one(`SELECT 1 FROM public.mail_archive WHERE subject_id = ANY($1)`, [archivedSubjects])).toBeNull();
    await t.app.get(RunnersService).replay();
    expect(tracesIn(await everywhere())).toEqual([]);

    // The order keeps its amounts and items but not the person.
    const kept = await t.request('GET', `/api/admin/orders/${orderId}`, { token: await t.staffToken() });
    expect(kept.status).toBe(200);
    expect(kept.body.total).toBe(totals.total);
    expect(kept.body.items).toHaveLength(1);
    expect(JSON.stringify(kept.body).toLowerCase()).not.toContain(PERSON.lastName.toLowerCase());
    expect(JSON.stringify(kept.body).toLowerCase()).not.toContain(email);
  });

  it('should not erase a customer whose card orders are in progress, and erase them once the orders are delivered or cancelled', async () => {
    const box = new Mailbox(sink);
    const email = await verifiedCustomer(t, box, 'Open.Orders@Example.com');
    const token = await login(t, email);
    const staff = await t.staffToken();
    const customerId = (await t.request('GET', '/api/me', { token })).body.id;
    const product = (await t.request('GET', '/api/products?limit=1&sort_by=price-low')).body.products[0];
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const place = async (as: string | undefined, card: boolean) => {
      const res = await t.request('POST', '/api/orders', {
        token: as,
        body: {
          items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
          shipping: {
            first_name: 'Open',
            last_name: 'Orders',
            email: 'open.orders@example.com',
            phone: '+1 (555) 010-4000',
            address: '9 Pending Row',
            city: 'Boston',
            state: 'MA',
            zip_code: '02101',
            country: 'US',
          },
          payment: card ? { card_name: 'Open Orders', last_4: '4242' } : { card_name: '', last_4: '' },
          subtotal: totals.subtotal,
          shipping_cost: totals.shipping,
          tax: totals.tax,
          total: totals.total,
          ...(card ? {} : { status: 'consultation_requested', payment_status: 'pending_consultation' }),
        },
      });
      expect(res.status).toBe(200);
      return res.body.order_id as string;
    };
    // Shipping names its carrier and tracking number (issue 41).
    const shipment = (status: string) => (status === 'shipped' ? { carrier: 'ups', tracking_number: '1Z999AA10123456784' } : {});
    const setStatus = async (id: string, status: string) =>
      expect((await t.request('PUT', `/api/admin/orders/${id}`, { token: staff, body: { status, ...shipment(status) } })).status).toBe(200);
    const deleteSelf = () => t.request('DELETE', '/api/me', { token });
    const deleteByAdmin = () => t.request('DELETE', `/api/admin/customers/${customerId}`, { token: staff });
    const orderOf = async (id: string) => (await t.request('GET', `/api/admin/orders/${id}`, { token: staff })).body;

    // A consultation request does not hold the erasure back; a card order awaiting payment does.
    await place(token, false);
    const paid = await place(token, true);
    let refused = await deleteSelf();
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^You have an order in progress\. We need your name and address/);
    // Paid: processing, then shipped; both still need the address. Staff are told what to do.
    const session = await t.request('POST', '/api/payments/checkout/session', {
      token,
      body: { origin_url: 'http://shop.test', order_id: paid },
    });
    expect(session.body).toMatchObject({ session_id: expect.any(String) });
    const pay = await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, {
      body: { method: 'card', card_number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'Open Orders' },
    });
    expect(pay.body).toMatchObject({ success: true });
    for (let i = 0; i < 100 && (await orderOf(paid)).status !== 'processing'; i++) await new Promise((r) => setTimeout(r, 100));
    await setStatus(paid, 'shipped');
    refused = await deleteByAdmin();
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^This customer has an order in progress/);
    // A guest order with their address counts too (the erasure takes their guest orders as well).
    const guest = await place(undefined, true);
    expect((await deleteSelf()).body.detail).toMatch(/^You have 2 orders in progress/);
    // Delivered and cancelled: nothing left to deliver, and the address is still theirs until then.
    await setStatus(paid, 'delivered');
    await setStatus(guest, 'cancelled');
    expect((await orderOf(paid)).shipping.address).toBe('9 Pending Row');
    const done = await deleteSelf();
    expect(done.status).toBe(200);
    expect(JSON.stringify(await orderOf(paid)).toLowerCase()).not.toContain('pending row');
  });

  it('should never take payment for a card order placed while its customer erases their account (3 orders racing the erasure, 5 rounds)', async () => {
    const box = new Mailbox(sink);
    const staff = await t.staffToken();
    const product = (await t.request('GET', '/api/products?limit=1&sort_by=price-low')).body.products[0];
    const outcomes = { refused: 0, erased: 0, ordersErased: 0, guestOrdersAfter: 0 };
    for (let round = 0; round < 5; round++) {
      const email = await verifiedCustomer(t, box, `racing.eraser.${round}@example.com`);
      const token = await login(t, email);
      const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
      const order = () =>
        t.request('POST', '/api/orders', {
          token,
          body: {
            items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
            shipping: {
              first_name: 'Racing',
              last_name: 'Eraser',
              email,
              phone: '',
              address: '5 Vanishing Lane',
              city: 'Boston',
              state: 'MA',
              zip_code: '02101',
            },
            payment: { card_name: 'Racing Eraser', last_4: '4242' },
            total: totals.total,
          },
        });
      // The orders a little later each round, so some rounds are decided before they land and some after.
      const later = (ms: number) => new Promise((r) => setTimeout(r, ms)).then(order);
      const [erasure, ...orders] = await Promise.all([
        t.request('DELETE', '/api/me', { token }),
        later(round * 10),
        later(round * 40),
        later(round * 90),
      ]);
      expect([200, 409]).toContain(erasure.status);
      const placed = orders.filter((o) => o.status === 200).map((o) => o.body.order_id as string);
      const placingBrowser = new Map(orders.filter((o) => o.status === 200).map((o) => [o.body.order_id as string, orderAccessCookie(o)]));
      for (const o of orders) expect([200, 202, 401]).toContain(o.status);
      if (erasure.status === 409) {
        outcomes.refused++;
        // Refused: every order keeps its address and can be paid.
        for (const id of placed)
          expect((await t.request('GET', `/api/admin/orders/${id}`, { token: staff })).body.shipping.address).toBe('5 Vanishing Lane');
        continue;
      }
      outcomes.erased++;
      // Erased: an order sealed under their keys holds no address and can never be paid; one placed once the
      // erasure was done (their token revoked: as a guest, under a fresh key) is a new guest's order.
      for (const id of placed) {
        const subject = (
          await db.one<{ s: string }>(`SELECT data->>'subject_id' AS s FROM public.es_events WHERE stream_id = $1`, [`order-${id}`])
        )?.s;
        const admin = (await t.request('GET', `/api/admin/orders/${id}`, { token: staff })).body;
        if (!(await t.app.get(PersonalData).keys.keyGone(String(subject)))) {
          outcomes.guestOrdersAfter++;
          expect(admin.customer_id).toBeNull();
          continue;
        }
        outcomes.ordersErased++;
        const checkout = await t.request('POST', '/api/payments/checkout/session', {
          headers: { cookie: placingBrowser.get(id)! },
          body: { origin_url: 'http://shop.test', order_id: id },
        });
        expect(checkout.status).toBe(409);
        expect(checkout.body.detail).toBe(ERASED_ORDER_MESSAGE);
        expect(admin.payment_status).not.toBe('paid');
        expect(JSON.stringify(admin)).not.toContain('Vanishing');
      }
    }
    // Which way each round went is the machine's timing; both ways hold the rule.
    process.stdout.write(`erasure race: ${JSON.stringify(outcomes)}\n`);
    expect(outcomes.refused + outcomes.erased).toBe(5);
  });

  it('should refund a payment that lands after the details of its order were erased, and open no checkout for it again', async () => {
    const product = (await t.request('GET', '/api/products?limit=1&sort_by=price-low')).body.products[0];
    const staff = await t.staffToken();
    const email = 'late.payer@example.com';
    const { orderId, totalCents, cookie } = await placeCardOrder(t, product, email);
    const session = (
      await t.request('POST', '/api/payments/checkout/session', {
        headers: { cookie },
        body: { origin_url: 'http://shop.test', order_id: orderId },
      })
    ).body;
    expect(session.session_id).toEqual(expect.any(String));
    // The erasure passed its check and deleted the key while the shopper was on the payment page.
    await t.app.get(PersonalData).erase(orderSubject(null, email));
    expect((await t.request('POST', `/api/payments/sandbox/sessions/${session.session_id}/pay`, { body: GOOD_CARD })).status).toBe(200);
    const adminOrder = async () => (await t.request('GET', `/api/admin/orders/${orderId}`, { token: staff })).body;
    await waitUntil(async () => (await adminOrder()).payment_status === 'refunded');
    const rejected = await db.one<{ reason: string }>(
      `SELECT data->>'reason' AS reason FROM public.es_events WHERE event_type = 'OrderPaymentRejected' AND data->>'order_id' = $1`,
      [orderId],
    );
    expect(rejected?.reason).toBe(ERASED_ORDER_MESSAGE);
    await waitUntil(
      async () =>
        (
          await db.query<{ payment_status: string }>('SELECT payment_status FROM public.sandbox_payment_sessions WHERE order_id = $1', [
            orderId,
          ])
        )
          .map((r) => r.payment_status)
          .join() === 'refunded',
    );
    await waitUntil(async () => (await adminOrder()).refunded === totalCents / 100);
    expect((await adminOrder()).status).not.toBe('processing');
    const again = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie },
      body: { origin_url: 'http://shop.test', order_id: orderId },
    });
    expect(again.status).toBe(409);
  });

  it('should answer 503, not erase on a stale read, while the orders read model cannot catch up (its table locked by someone else)', async () => {
    const box = new Mailbox(sink);
    const email = await verifiedCustomer(t, box, 'locked.out@example.com');
    const token = await login(t, email);
    const product = (await t.request('GET', '/api/products?limit=1&sort_by=price-low')).body.products[0];
    const locker = await db.pool.connect();
    let placing: Promise<unknown> = Promise.resolve();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE rm.orders IN ACCESS EXCLUSIVE MODE');
      // Recorded in the log, not in the read model yet (the projection waits for the lock): not waited for,
      // it answers 202 once its wait for the read model runs out.
      const count = async () =>
        (await db.one<{ n: number }>("SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested'"))?.n ?? 0;
      const before = await count();
      placing = placeCardOrder(t, product, email).catch(() => null);
      await waitUntil(async () => (await count()) > before);
      const started = Date.now();
      const erasure = await t.request('DELETE', '/api/me', { token });
      expect(erasure.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    await placing;
    // Once the order is projected, the erasure sees it and refuses as it should.
    await waitUntil(async () => (await t.request('DELETE', '/api/me', { token })).status === 409);
  });
});
