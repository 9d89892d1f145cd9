import { randomUUID } from 'crypto';
import { SessionsService } from '../platform/auth/sessions.service';
import { DatabaseService } from '../platform/database/database.service';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { RunnersService } from '../platform/projections/runners.service';
import { GOOD_CARD, placeCardOrder, waitUntil } from '../testing/card-orders';
import { expectEverythingProjected } from '../testing/projection-health';
import { startTestApp, TestApp } from '../testing/test-app';
import { reviewIdOf } from './commands/submit-review.handler';
import { starsFor } from './seed/review-seeder';

/**
 * Verified-buyer reviews (issue 41) on real PostgreSQL through the HTTP API: only for a delivered line of the
 * signed-in customer's own order, once per piece (also in a burst), moderated before it shows, the product's
 * rating derived from approved reviews only, hostile input refused, and the author's name forgotten on erasure.
 */
describe('Reviews: verified buyers, moderated', () => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_ORIGINS: 'http://shop.test' });
    staff = await t.staffToken();
  });
  afterAll(async () => t.close());

  let pieces = 0;
  async function piece(): Promise<{ id: string; name: string; price: number }> {
    const name = `Review Pendant ${++pieces} ${randomUUID().slice(0, 6)}`;
    const created = await t.request('POST', '/api/admin/products', {
      token: staff,
      body: { name, price: 120, category: 'women-necklaces', rating: 4.9, reviews_count: 300 },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, name, price: 120 };
  }

  async function customer(): Promise<{ id: string; token: string }> {
    const id = randomUUID();
    const { token } = await t.app.get(SessionsService).create('customer', id, 'customer');
    return { id, token };
  }

  /** A card order of the piece by the customer, paid, and moved by staff as far as `to`. */
  async function order(who: { token: string }, p: { id: string; name: string; price: number }, to: 'processing' | 'shipped' | 'delivered') {
    const { orderId, cookie } = await placeCardOrder(t, p, `buyer-${randomUUID().slice(0, 8)}@example.com`, { token: who.token });
    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie },
      body: { origin_url: 'http://shop.test', order_id: orderId },
    });
    expect(session.status).toBe(200);
    await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, { body: GOOD_CARD });
    await waitUntil(async () => (await t.request('GET', `/api/admin/orders/${orderId}`, { token: staff })).body.status === 'processing');
    for (const status of to === 'delivered' ? ['shipped', 'delivered'] : to === 'shipped' ? ['shipped'] : []) {
      // Shipping names its carrier and tracking number (issue 41's order page); a shop without them takes the status alone.
      const tracked = status === 'shipped' ? { carrier: 'fedex', tracking_number: '123456789012' } : {};
      let moved = await t.request('PUT', `/api/admin/orders/${orderId}`, { token: staff, body: { status, ...tracked } });
      if (moved.status === 400 && status === 'shipped')
        moved = await t.request('PUT', `/api/admin/orders/${orderId}`, { token: staff, body: { status } });
      expect([status, moved.status, moved.body.detail]).toEqual([status, 200, undefined]);
    }
    return orderId;
  }

  const body = (orderId: string, productId: string, over: Record<string, unknown> = {}) => ({
    order_id: orderId,
    product_id: productId,
    stars: 5,
    title: 'Even lovelier in person',
    text: 'The stone catches the light all day.',
    ...over,
  });
  const submit = (token: string, payload: unknown) => t.request('POST', '/api/reviews', { token, body: payload });
  const shown = async (productId: string) => (await t.request('GET', `/api/reviews?product_id=${productId}`)).body;
  const product = async (productId: string) => (await t.request('GET', `/api/products/${productId}`)).body;
  const moderate = (id: string, status: string) => t.request('PUT', `/api/admin/reviews/${id}`, { token: staff, body: { status } });

  describe('Writing one', () => {
    it('should take a review of a delivered piece as pending, show it only once approved, and derive the rating from approved reviews', async () => {
      const p = await piece();
      // Staff's typed rating is not shown: without approved reviews the piece has none.
      expect(await product(p.id)).toMatchObject({ rating: 0, reviews_count: 0 });
      const ada = await customer();
      const orderId = await order(ada, p, 'delivered');

      const res = await submit(ada.token, body(orderId, p.id, { stars: 4 }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: reviewIdOf(ada.id, p.id), status: 'pending' });
      expect(await shown(p.id)).toMatchObject({ items: [], total: 0, rating: 0, reviews_count: 0 });
      const mine = await t.request('GET', '/api/reviews/mine', { token: ada.token });
      expect(mine.body.items).toEqual([expect.objectContaining({ product_id: p.id, order_id: orderId, status: 'pending', stars: 4 })]);

      const pending = await t.request('GET', `/api/admin/reviews?status=pending&product_id=${p.id}`, { token: staff });
      expect(pending.body.items).toEqual([
        expect.objectContaining({ id: res.body.id, author: 'Ada L.', verified: true, product_name: p.name, status: 'pending' }),
      ]);
      expect(pending.headers.get('x-total-count')).toBe('1');

      const approved = await moderate(res.body.id, 'approved');
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', moderated_by: expect.stringMatching(/^staff:/) });
      expect(await shown(p.id)).toMatchObject({
        rating: 4,
        reviews_count: 1,
        total: 1,
        items: [{ id: res.body.id, stars: 4, author: 'Ada L.', verified: true, title: 'Even lovelier in person' }],
      });
      expect(await product(p.id)).toMatchObject({ rating: 4, reviews_count: 1 });

      // A second buyer's 5 makes 4.5; approving twice counts once; rejecting takes it out again.
      const bo = await customer();
      const second = await submit(bo.token, body(await order(bo, p, 'delivered'), p.id, { stars: 5, title: null }));
      expect(second.status).toBe(201);
      await Promise.all([moderate(second.body.id, 'approved'), moderate(second.body.id, 'approved')]);
      expect(await product(p.id)).toMatchObject({ rating: 4.5, reviews_count: 2 });
      expect((await moderate(res.body.id, 'rejected')).body.status).toBe('rejected');
      expect(await product(p.id)).toMatchObject({ rating: 5, reviews_count: 1 });
      expect((await shown(p.id)).items.map((r: { id: string }) => r.id)).toEqual([second.body.id]);
      // A pending review rejected changes nothing.
      const cy = await customer();
      const third = await submit(cy.token, body(await order(cy, p, 'delivered'), p.id, { stars: 1 }));
      await moderate(third.body.id, 'rejected');
      expect(await product(p.id)).toMatchObject({ rating: 5, reviews_count: 1 });
      // Sorting by rating uses the derived rating.
      const byRating = (await t.request('GET', '/api/products?sort_by=rating&limit=100')).body.products;
      expect(byRating[0]).toMatchObject({ rating: 5 });
    });

    it('should refuse pieces not bought, lines not delivered, other customers’ orders and a second review', async () => {
      const p = await piece();
      const other = await piece();
      const ada = await customer();
      const shipped = await order(ada, p, 'shipped');
      expect((await submit(ada.token, body(shipped, p.id))).status).toBe(409);
      const processing = await order(ada, other, 'processing');
      expect((await submit(ada.token, body(processing, other.id))).status).toBe(409);

      const delivered = await order(ada, p, 'delivered');
      const notBought = await submit(ada.token, body(delivered, other.id));
      expect(notBought.status).toBe(400);
      expect(notBought.body.errors).toEqual([expect.objectContaining({ field: 'product_id' })]);
      // Someone else's order is no order of theirs; neither is one that does not exist.
      const eve = await customer();
      expect((await submit(eve.token, body(delivered, p.id))).status).toBe(404);
      expect((await submit(eve.token, body(randomUUID(), p.id))).status).toBe(404);
      // Signed out, or as staff: not a customer.
      expect((await t.request('POST', '/api/reviews', { body: body(delivered, p.id) })).status).toBe(401);
      expect((await submit(staff, body(delivered, p.id))).status).toBe(403);

      expect((await submit(ada.token, body(delivered, p.id))).status).toBe(201);
      const again = await submit(ada.token, body(delivered, p.id, { stars: 1, text: 'Changed my mind.' }));
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('You have already reviewed this piece.');
    });

    it('should let exactly one of 20 simultaneous reviews of the same piece through', async () => {
      const p = await piece();
      const ada = await customer();
      const orderId = await order(ada, p, 'delivered');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => submit(ada.token, body(orderId, p.id, { stars: (i % 5) + 1, text: `Attempt ${i}` }))),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
      const stream = await t.app.get(EventSourcing).store.readStream(`review-${reviewIdOf(ada.id, p.id)}`);
      expect(stream.map((e) => e.type)).toEqual(['ReviewSubmitted']);
      const mine = await t.request('GET', '/api/reviews/mine', { token: ada.token });
      expect(mine.body.items).toHaveLength(1);
    });
  });

  describe('Hostile input', () => {
    let ada: { id: string; token: string };
    let p: { id: string; name: string; price: number };
    let orderId: string;
    beforeAll(async () => {
      p = await piece();
      ada = await customer();
      orderId = await order(ada, p, 'delivered');
    });

    it.each([
      ['stars 0', { stars: 0 }, 'stars'],
      ['stars 6', { stars: 6 }, 'stars'],
      ['stars 1.5', { stars: 1.5 }, 'stars'],
      ['stars "5"', { stars: '5' }, 'stars'],
      ['stars 1e308', { stars: 1e308 }, 'stars'],
      ['stars null', { stars: null }, 'stars'],
      ['no text', { text: '' }, 'text'],
      ['invisible text', { text: '\u200b\u200b ' }, 'text'],
      ['text over 5000 characters', { text: 'a'.repeat(5001) }, 'text'],
      ['title over 120 characters', { title: 't'.repeat(121) }, 'title'],
      ['a NUL in the text', { text: 'Lovely\u0000ring' }, 'text'],
      ['a lone surrogate in the text', { text: 'Lovely \ud800 ring' }, 'text'],
      ['a NUL in the title', { title: 'A\u0000B' }, 'title'],
      ['an unknown field', { rating: 5 }, 'rating'],
      ['a made-up customer', { customer_id: randomUUID() }, 'customer_id'],
      ['a product id that is no UUID', { product_id: "1' OR 1=1" }, 'product_id'],
      ['an order id that is no UUID', { order_id: 'x' }, 'order_id'],
    ])('should refuse %s with a 400 naming the field and record nothing', async (_what, over, field) => {
      const res = await submit(ada.token, body(orderId, p.id, over));
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect((await t.request('GET', '/api/reviews/mine', { token: ada.token })).body.items).toEqual([]);
    });

    it('should store whatever it accepts exactly as sent: 5000 characters of any script, emoji, markup and quotes', async () => {
      const text = ('Ring 💍 <script>alert(1)</script> "quoted" \'single\' 𝕱𝖆𝖈𝖊𝖙 عربى 中文 ' + 'x'.repeat(5000)).slice(0, 5000);
      const title = '<b>Ünïcödé</b> ' + '🙂'.repeat(20);
      const res = await submit(ada.token, body(orderId, p.id, { text, title: title.slice(0, 120), stars: 3 }));
      expect(res.status).toBe(201);
      await moderate(res.body.id, 'approved');
      const [review] = (await shown(p.id)).items;
      expect(review).toMatchObject({ text, title: title.slice(0, 120), stars: 3 });
      await expectEverythingProjected(t);
    });

    it('should refuse bad moderation input and keep staff routes closed to customers', async () => {
      const id = reviewIdOf(ada.id, p.id);
      for (const status of ['pending', 'shown', '', null]) {
        expect((await t.request('PUT', `/api/admin/reviews/${id}`, { token: staff, body: { status } })).status).toBe(400);
      }
      expect((await t.request('PUT', `/api/admin/reviews/${id}`, { token: staff, body: { status: 'approved', x: 1 } })).status).toBe(400);
      expect((await moderate(randomUUID(), 'approved')).status).toBe(404);
      expect((await t.request('GET', '/api/admin/reviews', { token: ada.token })).status).toBe(403);
      expect((await t.request('PUT', `/api/admin/reviews/${id}`, { token: ada.token, body: { status: 'approved' } })).status).toBe(403);
      expect((await t.request('GET', '/api/admin/reviews')).status).toBe(401);
      for (const bad of ['status=lost', 'sort=password', 'limit=101', 'product_id=nope']) {
        expect((await t.request('GET', `/api/admin/reviews?${bad}`, { token: staff })).status).toBe(400);
      }
      expect((await t.request('GET', '/api/reviews?product_id=%00')).status).toBe(400);
      expect((await t.request('GET', '/api/reviews')).status).toBe(400);
    });
  });

  describe('Erasure and replay', () => {
    it("should forget the author's name when the customer is erased, keep the review and its stars, and rebuild the same on replay", async () => {
      const p = await piece();
      const ada = await customer();
      const res = await submit(ada.token, body(await order(ada, p, 'delivered'), p.id, { stars: 5 }));
      await moderate(res.body.id, 'approved');
      expect((await shown(p.id)).items[0].author).toBe('Ada L.');

      await t.app
        .get(EventSourcing)
        .append(
          `customer-${ada.id}`,
          [{ type: 'CustomerDeleted', data: { customer_id: ada.id, deleted_by: 'staff', guest_subject: null } }],
          'any',
        );
      await expectEverythingProjected(t);
      expect((await shown(p.id)).items[0]).toMatchObject({ author: 'Former customer', stars: 5, verified: true });
      const row = await t.app.get(DatabaseService).one('SELECT author_name FROM rm.reviews WHERE id = $1', [res.body.id]);
      expect(row?.author_name).toBe('erased');

      // Rebuilt from the log (the name now opens as "erased" without its key): the same rows, ratings included.
      const result = await t.app.get(RunnersService).replay({ compare: true });
      expect(result.differences).toMatchObject({ reviews: 0, reviews_erased_customers: 0, products: 0 });
      expect(Object.entries(result.differences ?? {}).filter(([, n]) => n !== 0)).toEqual([]);
      expect(result.parked).toBe(0);
      expect((await shown(p.id)).items[0]).toMatchObject({ author: 'Former customer', stars: 5 });
    }, 120_000);
  });

  describe('Seeded ratings as reviews', () => {
    it.each([4.3, 4.4, 4.5, 4.6, 4.7, 4.8, 4.9, 5])('should make %s from the fewest whole-star reviews', (rating) => {
      const stars = starsFor(rating);
      expect(stars.length).toBeLessThanOrEqual(10);
      expect(stars.every((s) => Number.isInteger(s) && s >= 1 && s <= 5)).toBe(true);
      expect(Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10).toBe(rating);
    });
  });
});
