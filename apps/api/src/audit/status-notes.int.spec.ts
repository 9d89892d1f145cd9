import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { DatabaseService } from '../platform/database/database.service';
import { RunnersService } from '../platform/projections/runners.service';
import { expectEverythingProjected } from '../testing/projection-health';
import { designBody } from '../testing/request-bodies';
import { startTestApp, TestApp } from '../testing/test-app';

/**
 * A note sent with the status a record already has is recorded (in its history, the audit stream and where
 * the console shows notes), the same way for orders, contact messages and custom designs; the same change
 * sent 20 times at once answers 200 every time and records once.
 */
describe('Staff notes on the current status', () => {
  let t: TestApp;
  let token: string;
  let db: DatabaseService;

  const history = async (stream: string) =>
    ((await t.request('GET', `/api/admin/audit/streams/${stream}`, { token })).body.events as any[]).map((e) => [
      e.type,
      e.data?.note ?? null,
    ]);
  const count = async (stream: string) =>
    (await db.one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE stream_id = $1`, [stream])).n as number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogSeeder).seedIfEmpty();
    token = await t.staffToken();
    db = t.app.get(DatabaseService);
  });
  afterAll(() => t.close());

  it('should record a second note on an order that stays contacted, and not twice when repeated', async () => {
    const p = (await t.request('GET', '/api/products?limit=100')).body.products.find((x: any) => x.in_stock);
    const placed = await t.request('POST', '/api/orders', {
      body: {
        items: [{ product_id: p.id, price: p.price, quantity: 1 }],
        shipping: { first_name: 'Ada', last_name: 'Lovelace', email: 'notes@example.com', phone: '+1 212 555 0100' },
        payment: { card_name: '', last_4: '' },
        status: 'consultation_requested',
      },
    });
    const id = placed.body.order_id;
    const put = (status: string, note?: string) => t.request('PUT', `/api/admin/orders/${id}`, { token, body: { status, note } });
    expect((await put('contacted', 'First call')).status).toBe(200);
    const again = await put('contacted', 'Second call: left voicemail');
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('contacted');
    expect((await put('contacted', 'Second call: left voicemail')).status).toBe(200); // a double click
    expect((await put('contacted')).status).toBe(200);
    expect(await history(`order-${id}`)).toEqual([
      ['OrderRequested', null],
      ['OrderStatusChanged', 'First call'],
      ['OrderNoteAdded', 'Second call: left voicemail'],
    ]);
    // 20 identical no-op changes at once: all 200, nothing recorded.
    const burst = await Promise.all(Array.from({ length: 20 }, () => put('contacted')));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    // 20 identical moves at once: all 200, one move recorded.
    const moves = await Promise.all(Array.from({ length: 20 }, () => put('quoted', 'Quote sent')));
    expect(moves.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(moves.every((r) => r.body.status === 'quoted')).toBe(true);
    expect(await count(`order-${id}`)).toBe(4);
  });

  it('should record a second note on a handled message, shown with the first', async () => {
    expect(
      (
        await t.request('POST', '/api/contact', {
          body: { name: 'Ada', email: 'msg-notes@example.com', phone: '', subject: 'Appraisal', message: 'Could you appraise a ring?' },
          headers: { 'x-forwarded-for': '198.51.100.77' },
        })
      ).status,
    ).toBe(201);
    const list = await t.request('GET', `/api/admin/messages?q=${encodeURIComponent('msg-notes@example.com')}`, { token });
    const id = list.body.items[0].id;
    const put = (note?: string) => t.request('PUT', `/api/admin/messages/${id}`, { token, body: { status: 'handled', note } });
    expect((await put('Called back')).status).toBe(200);
    const second = await put('Second note: customer called back, wants appraisal');
    expect(second.status).toBe(200);
    expect(second.body.handled_note).toBe('Called back\n\nSecond note: customer called back, wants appraisal');
    expect((await put('Second note: customer called back, wants appraisal')).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => put()));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await history(`contact-message-${id}`)).toEqual([
      ['ContactMessageReceived', null],
      ['ContactMessageHandled', 'Called back'],
      ['ContactMessageNoteAdded', 'Second note: customer called back, wants appraisal'],
    ]);
  });

  it('should record a note on a custom design with its current status (no longer 409), in its history', async () => {
    const submitted = await t.request('POST', '/api/custom-design', {
      body: designBody({ contact_email: 'design-notes@example.com', contact_phone: '+1 (212) 555-0199' }),
    });
    const id = submitted.body.id;
    const put = (status: string, note?: string) => t.request('PUT', `/api/admin/custom-designs/${id}`, { token, body: { status, note } });
    expect((await put('contacted', 'Called')).status).toBe(200);
    const again = await put('contacted', 'Sent sketches');
    expect(again.status).toBe(200);
    expect(again.body.history.map((h: any) => [h.type, h.from, h.to, h.note])).toEqual([
      ['CustomDesignSubmitted', null, 'pending', null],
      ['CustomDesignStatusChanged', 'pending', 'contacted', 'Called'],
      ['CustomDesignNoteAdded', 'contacted', 'contacted', 'Sent sketches'],
    ]);
    expect((await put('contacted', 'Sent sketches')).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => put('contacted')));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await history(`custom-design-${id}`)).toEqual([
      ['CustomDesignSubmitted', null],
      ['CustomDesignStatusChanged', 'Called'],
      ['CustomDesignNoteAdded', 'Sent sketches'],
    ]);
    expect((await put('pending')).status).toBe(409); // a move the rules refuse still does
  });

  it('should have projected everything and rebuild the same rows on replay', async () => {
    await expectEverythingProjected(t);
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.parked).toBe(0);
    expect(Object.entries(result.differences ?? {}).filter(([, n]) => n > 0)).toEqual([]);
  }, 120_000);
});
