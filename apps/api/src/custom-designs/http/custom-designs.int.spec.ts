import { guestSubject, legacyGuestSubject } from '../../platform/privacy/personal-fields';
import { type CustomDesignSubmittedData, MAX_UPLOAD_BYTES, type MailEvent } from '@facet/contracts';
import { randomUUID } from 'crypto';
import { EVENT_STORE, EventStore } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { SessionsService } from '../../platform/auth/sessions.service';
import { DatabaseService } from '../../platform/database/database.service';
import { Queues } from '../../platform/queue/queues.service';
import { jobIdFor } from '../../platform/queue/reactor';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { eraseGuestSubject, unlabelRows } from '../../testing/guest-erasure';
import { startTestApp, TestApp } from '../../testing/test-app';
import { customDesignStream } from '../domain/custom-design';
import { DESIGN_IMAGE_TOO_LARGE, DESIGN_IMAGE_WRONG_TYPE } from '../domain/design-image';
import { CUSTOM_DESIGN_ACK_KIND, CUSTOM_DESIGN_STAFF_KIND } from '../reactors/custom-design-mail.reactor';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF jpeg body')]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const valid = (over: Record<string, unknown> = {}) => ({
  category: 'women',
  jewelry_type: 'women-rings',
  diamond_shape: 'oval',
  diamond_size: '1-1.5',
  metal_type: 'rose-gold',
  metal_karat: '14K',
  design_image: null,
  design_notes: 'A halo of small diamonds, please.',
  contact_name: 'Ada Lovelace',
  contact_email: 'ada@example.com',
  contact_phone: '+1 (212) 555-0199',
  preferred_contact: 'email',
  ...over,
});

describe('Custom designs over HTTP', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'atelier@facet.test' });
    staff = await t.staffToken();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const submit = (body: unknown, token?: string) => t.request('POST', '/api/custom-design', { body, token });

  /** The mail a reactor queued for this event (kept by BullMQ after it is sent, too). */
  async function queuedMail(kind: string, streamId: string) {
    const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(streamId);
    // A mail job as the outbox queues it: ids only.
    const queue = t.app.get(Queues).queue<{ kind: string; mailId: string; trace: Record<string, string> }>('mail');
    const id = jobIdFor(kind, event.metadata.eventId);
    for (let i = 0; i < 100; i++) {
      // The job carries ids only; the address and subject are read from the mail as sent (MailSent).
      const job = await queue.getJob(id);
      const [sent] = job ? await t.app.get(EventSourcing).load<MailEvent>(`mail-${id}`) : [];
      if (job && sent) {
        // Ids only: the mail's, and the conversation's (correlation and causation ids).
        expect(Object.keys(job.data).sort()).toEqual(['kind', 'mailId', 'trace']);
        expect(Object.keys(job.data.trace).sort()).toEqual(['causationId', 'correlationId']);
        return { ...job.data, to: sent.data.to, subjectId: sent.data.subject_id };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${kind} mail job ${id}`);
  }

  describe('When a shopper submits a request', () => {
    it('should answer with the id, pending status, time and the spec message, and list it for staff', async () => {
      const res = await submit(valid());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'pending',
        created_at: expect.any(String),
        message: 'Your Vision Has Been Received: Our master craftsmen will contact you within 24 hours to bring your dream to life.',
      });
      const detail = await t.request('GET', `/api/admin/custom-designs/${res.body.id}`, { token: staff });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id: res.body.id,
        status: 'pending',
        category: 'women',
        jewelry_type: 'women-rings',
        metal_karat: '14K',
        contact_name: 'Ada Lovelace',
        contact_email: 'ada@example.com',
        contact_phone: '+1 (212) 555-0199',
        design_notes: 'A halo of small diamonds, please.',
        customer_id: null,
        has_image: false,
        image: null,
      });
      expect(detail.body.history).toEqual([
        {
          type: 'CustomDesignSubmitted',
          occurred_at: res.body.created_at,
          actor: { type: 'anonymous' },
          note: null,
          from: null,
          to: 'pending',
        },
      ]);
    });

    it('should seal the personal fields in the event log', async () => {
      const res = await submit(valid({ contact_name: 'Grace Hopper', contact_email: 'grace@example.com' }));
      const [raw] = await t.app.get<EventStore>(EVENT_STORE).readStream(customDesignStream(res.body.id));
      const text = JSON.stringify(raw.data);
      // As stored: the personal fields sealed, the rest as the event's type says.
      const data = raw.data as CustomDesignSubmittedData;
      expect(text).not.toContain('Grace Hopper');
      expect(text).not.toContain('grace@example.com');
      expect(text).not.toContain('halo of small diamonds');
      expect(data.jewelry_type).toBe('women-rings');
    });

    it('should acknowledge the shopper and tell staff by mail (HTML and text), escaping what they typed', async () => {
      const res = await submit(
        valid({ contact_name: '<b>Eve</b> & co', contact_email: 'eve@example.com', design_notes: '<script>alert(1)</script>' }),
      );
      expect(res.status).toBe(201);
      const stream = customDesignStream(res.body.id);
      // Queued once per event: the job id is derived from the event id.
      const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(stream);
      expect(await queuedMail(CUSTOM_DESIGN_ACK_KIND, stream)).toMatchObject({
        to: 'eve@example.com',
        subjectId: guestSubject('eve@example.com'),
      });

      const ack = await sink.waitFor((m) => m.to.includes('eve@example.com') && m.headers['x-facet-mail-kind'] === CUSTOM_DESIGN_ACK_KIND);
      expect(ack.headers['x-facet-mail-id']).toBe(jobIdFor(CUSTOM_DESIGN_ACK_KIND, event.metadata.eventId));
      expect(ack.subject).toContain('Your Vision Has Been Received');
      expect(ack.text).toContain('within 24 hours');
      expect(ack.text).toContain('<b>Eve</b> & co');
      expect(ack.html).toContain('FACET');
      expect(ack.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; co');
      expect(ack.html).not.toContain('<b>Eve</b>');

      const notice = await sink.waitFor(
        (m) =>
          m.to.includes('atelier@facet.test') &&
          m.headers['x-facet-mail-id'] === jobIdFor(CUSTOM_DESIGN_STAFF_KIND, event.metadata.eventId),
      );
      expect(notice.subject).toContain('New custom design request');
      expect(notice.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(notice.html).not.toContain('<script>');
      expect(notice.text).toContain('eve@example.com');
      expect(notice.text).toContain(res.body.id);
    });
    it('should record one request for repeats with the same Idempotency-Key', async () => {
      const key = randomUUID();
      const body = valid({ contact_name: `Twice ${key}` });
      const first = await t.request('POST', '/api/custom-design', { body, headers: { 'idempotency-key': key } });
      const again = await t.request('POST', '/api/custom-design', { body, headers: { 'idempotency-key': key } });
      expect(first.status).toBe(201);
      expect(again.body).toEqual(first.body);
      const list = await t.request('GET', `/api/admin/custom-designs?q=${encodeURIComponent(`Twice ${key}`)}`, { token: staff });
      expect(list.body.total).toBe(1);
      const other = await t.request('POST', '/api/custom-design', { body: valid(), headers: { 'idempotency-key': key } });
      expect(other.status).toBe(409);
    });
  });

  describe('When a field breaks the rules', () => {
    it.each([
      ['category', { category: 'kids' }, { category: 'men', jewelry_type: 'men-rings' }],
      ['jewelry_type', { jewelry_type: 'women-tiaras' }, { jewelry_type: 'women-earrings' }],
      ['jewelry_type', { category: 'men', jewelry_type: 'women-rings' }, { category: 'men', jewelry_type: 'men-necklaces' }],
      ['diamond_shape', { diamond_shape: 'heart' }, { diamond_shape: 'marquise' }],
      ['diamond_size', { diamond_size: '3+' }, { diamond_size: 'discuss' }],
      ['metal_type', { metal_type: 'silver' }, { metal_type: 'white-gold' }],
      ['metal_karat', { metal_karat: '24K' }, { metal_karat: '18K' }],
      ['metal_karat', { metal_type: 'platinum', metal_karat: '18K' }, { metal_type: 'platinum', metal_karat: 'Pure Platinum' }],
      ['metal_karat', { metal_type: 'gold', metal_karat: 'Pure Platinum' }, { metal_type: 'gold', metal_karat: '10K' }],
      ['preferred_contact', { preferred_contact: 'pigeon' }, { preferred_contact: 'appointment' }],
      ['contact_name', { contact_name: '' }, { contact_name: 'A' }],
      ['contact_name', { contact_name: '   ' }, { contact_name: ' Ada ' }],
      ['contact_email', { contact_email: '' }, { contact_email: 'a@b.co' }],
      ['contact_email', { contact_email: 'ada at example.com' }, { contact_email: 'ADA@Example.com' }],
      ['contact_phone', { contact_phone: '12345' }, { contact_phone: '(212) 555-0199' }],
      ['contact_phone', { contact_phone: null, preferred_contact: 'phone' }, { contact_phone: '2125550199', preferred_contact: 'phone' }],
      ['contact_phone', { contact_phone: '', preferred_contact: 'text' }, { contact_phone: '+44 20 7946 0958', preferred_contact: 'text' }],
      ['design_notes', { design_notes: 'x'.repeat(5001) }, { design_notes: 'x'.repeat(5000) }],
      ['contact_name', { contact_name: undefined }, {}],
      ['nickname', { nickname: 'x' }, {}],
    ])('should refuse a bad %s with 400 and accept a good one', async (field, bad, good) => {
      const refused = await submit(valid(bad));
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((e: any) => e.field)).toContain(field);
      const accepted = await submit(valid(good));
      expect(accepted.status).toBe(201);
    });

    it('should accept the request without optional phone, notes, image or preferred contact', async () => {
      const { contact_phone: _p, design_notes: _n, design_image: _i, preferred_contact: _c, ...bare } = valid();
      const res = await submit(bare);
      expect(res.status).toBe(201);
      const detail = await t.request('GET', `/api/admin/custom-designs/${res.body.id}`, { token: staff });
      expect(detail.body).toMatchObject({ contact_phone: null, design_notes: null, preferred_contact: 'email', has_image: false });
    });
  });

  describe('When the request carries an image', () => {
    it('should accept exactly 10485760 bytes and refuse one byte more', async () => {
      const atLimit = await submit(valid({ design_image: dataUrl('image/png', png(MAX_UPLOAD_BYTES)) }));
      expect(atLimit.status).toBe(201);
      const detail = await t.request('GET', `/api/admin/custom-designs/${atLimit.body.id}`, { token: staff });
      expect(detail.body.image).toEqual({ mime: 'image/png', size: MAX_UPLOAD_BYTES });
      const over = await submit(valid({ design_image: dataUrl('image/png', png(MAX_UPLOAD_BYTES + 1)) }));
      expect(over.status).toBe(400);
      expect(over.body.detail).toBe(DESIGN_IMAGE_TOO_LARGE);
      expect(over.body.detail).toBe('File too large: Please upload an image smaller than 10MB.');
    });

    it('should judge the type by the bytes: HTML declared as PNG and a real GIF are refused, a PNG declared as GIF is fine', async () => {
      const html = await submit(valid({ design_image: dataUrl('image/png', Buffer.from('<html><script>alert(1)</script></html>')) }));
      expect(html.status).toBe(400);
      expect(html.body.detail).toBe(DESIGN_IMAGE_WRONG_TYPE);
      expect(html.body.detail).toMatch(/\.jpg.*\.jpeg.*\.png/);
      const gif = await submit(valid({ design_image: dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')) }));
      expect(gif.status).toBe(400);
      expect(gif.body.detail).toBe(DESIGN_IMAGE_WRONG_TYPE);
      const notDataUrl = await submit(valid({ design_image: 'https://evil.example/x.png' }));
      expect(notDataUrl.status).toBe(400);
      const pngAsGif = await submit(valid({ design_image: dataUrl('image/gif', png(64)) }));
      expect(pngAsGif.status).toBe(201);
      const jpg = await submit(valid({ design_image: dataUrl('image/jpeg', jpeg()) }));
      expect(jpg.status).toBe(201);
    });

    it('should store the image privately, reference it by sha256, and serve it to staff only, never as HTML', async () => {
      const bytes = png(256);
      const res = await submit(valid({ design_image: dataUrl('text/html', bytes) }));
      expect(res.status).toBe(201);
      const [raw] = await t.app.get<EventStore>(EVENT_STORE).readStream(customDesignStream(res.body.id));
      const data = raw.data as CustomDesignSubmittedData;
      expect(data.image).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), mime: 'image/png', size: 256 });
      expect(JSON.stringify(raw.data)).not.toContain(bytes.toString('base64'));
      const sha = data.image!.sha256;
      expect(await t.app.get(DatabaseService).one('SELECT visibility FROM public.blobs WHERE sha256 = $1', [sha])).toEqual({
        visibility: 'private',
      });
      // Not reachable through the public media route.
      expect((await t.request('GET', `/api/media/${sha}.png`)).status).toBe(404);

      const path = `/api/admin/custom-designs/${res.body.id}/image`;
      expect((await t.request('GET', path)).status).toBe(401);
      const img = await fetch(t.url + path, { headers: { authorization: `Bearer ${staff}` } });
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(img.headers.get('content-disposition')).toMatch(/^inline/);
      expect(img.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await img.arrayBuffer()).equals(bytes)).toBe(true);
      const detail = await t.request('GET', `/api/admin/custom-designs/${res.body.id}`, { token: staff });
      expect(detail.body.image_url).toBe(path);
    });

    it('should not answer text/html from the image route, even for a request without image or an unknown id', async () => {
      const res = await submit(valid());
      for (const path of [
        `/api/admin/custom-designs/${res.body.id}/image`,
        `/api/admin/custom-designs/${randomUUID()}/image`,
        '/api/admin/custom-designs/nope/image',
      ]) {
        const r = await t.request('GET', path, { token: staff });
        expect(r.status).toBe(404);
        expect(r.headers.get('content-type') ?? '').not.toContain('text/html');
      }
    });

    it('should delete the image with the request, but keep bytes another request still uses', async () => {
      const shared = dataUrl('image/png', png(512));
      const a = await submit(valid({ design_image: shared }));
      const b = await submit(valid({ design_image: shared }));
      const own = await submit(valid({ design_image: dataUrl('image/jpeg', Buffer.concat([jpeg(), Buffer.from(randomUUID())])) }));
      const store = t.app.get<EventStore>(EVENT_STORE);
      const shaOf = async (id: string) =>
        ((await store.readStream(customDesignStream(id)))[0].data as CustomDesignSubmittedData).image!.sha256;
      const blobExists = async (sha: string) =>
        Boolean(await t.app.get(DatabaseService).one('SELECT 1 FROM public.blobs WHERE sha256 = $1', [sha]));

      expect((await t.request('DELETE', `/api/admin/custom-designs/${own.body.id}`, { token: staff })).status).toBe(200);
      expect(await blobExists(await shaOf(own.body.id))).toBe(false);
      expect((await t.request('GET', `/api/admin/custom-designs/${own.body.id}`, { token: staff })).status).toBe(404);
      expect((await t.request('GET', `/api/admin/custom-designs/${own.body.id}/image`, { token: staff })).status).toBe(404);
      expect((await t.request('DELETE', `/api/admin/custom-designs/${own.body.id}`, { token: staff })).status).toBe(404);

      await t.request('DELETE', `/api/admin/custom-designs/${a.body.id}`, { token: staff });
      expect(await blobExists(await shaOf(b.body.id))).toBe(true);
      expect((await t.request('GET', `/api/admin/custom-designs/${b.body.id}/image`, { token: staff })).status).toBe(200);
      await t.request('DELETE', `/api/admin/custom-designs/${b.body.id}`, { token: staff });
      expect(await blobExists(await shaOf(b.body.id))).toBe(false);
      const events = await store.readStream(customDesignStream(b.body.id));
      expect(events.map((e) => e.type)).toEqual(['CustomDesignSubmitted', 'CustomDesignDeleted']);
    });
  });

  describe('When staff follow a request up', () => {
    it('should move it along the allowed path, record who, when, from, to and note, and refuse illegal moves with 409', async () => {
      const { body } = await submit(valid());
      const put = (status: string, note?: string) =>
        t.request('PUT', `/api/admin/custom-designs/${body.id}`, { token: staff, body: { status, note } });

      const skip = await put('completed');
      expect(skip.status).toBe(409);
      const contacted = await put('contacted', 'Called, booked a visit');
      expect(contacted.status).toBe(200);
      expect(contacted.body.status).toBe('contacted');
      expect((await put('pending')).status).toBe(409);
      expect((await put('in_progress')).status).toBe(200);
      const done = await put('completed', 'Delivered in store');
      expect(done.status).toBe(200);
      expect((await put('cancelled')).status).toBe(409);
      expect((await put('shipped')).status).toBe(400);

      const history = done.body.history;
      expect(history.map((h: any) => [h.type, h.from, h.to, h.note])).toEqual([
        ['CustomDesignSubmitted', null, 'pending', null],
        ['CustomDesignStatusChanged', 'pending', 'contacted', 'Called, booked a visit'],
        ['CustomDesignStatusChanged', 'contacted', 'in_progress', null],
        ['CustomDesignStatusChanged', 'in_progress', 'completed', 'Delivered in store'],
      ]);
      expect(history[1].actor).toEqual({ type: 'staff', id: expect.any(String) });
      expect(Date.parse(history[3].occurred_at)).toBeGreaterThanOrEqual(Date.parse(history[1].occurred_at));
      const [, changed] = await t.app.get<EventStore>(EVENT_STORE).readStream(customDesignStream(body.id));
      expect(changed.data).toMatchObject({ from: 'pending', to: 'contacted', by: { type: 'staff' } });
      expect(changed.metadata.actor.type).toBe('staff');
    });

    it('should allow cancelling a pending request and 404 an unknown one', async () => {
      const { body } = await submit(valid());
      expect(
        (await t.request('PUT', `/api/admin/custom-designs/${body.id}`, { token: staff, body: { status: 'cancelled' } })).body.status,
      ).toBe('cancelled');
      expect(
        (await t.request('PUT', `/api/admin/custom-designs/${randomUUID()}`, { token: staff, body: { status: 'contacted' } })).status,
      ).toBe(404);
    });

    it('should list with status filter, search and paging, and a total header', async () => {
      const marker = `zebra-${randomUUID().slice(0, 8)}`;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await submit(valid({ contact_name: `${marker} ${i}` }))).body.id);
      await t.request('PUT', `/api/admin/custom-designs/${ids[0]}`, { token: staff, body: { status: 'contacted' } });

      const page1 = await t.request('GET', `/api/admin/custom-designs?q=${marker}&limit=2&page=1&sort=contact_name&order=asc`, {
        token: staff,
      });
      expect(page1.status).toBe(200);
      expect(page1.body).toMatchObject({ total: 3, page: 1, limit: 2 });
      expect(page1.headers.get('x-total-count')).toBe('3');
      expect(page1.body.items.map((i: any) => i.contact_name)).toEqual([`${marker} 0`, `${marker} 1`]);
      expect(Object.keys(page1.body.items[0])).toEqual(
        expect.arrayContaining(['id', 'status', 'created_at', 'category', 'jewelry_type', 'contact_name', 'contact_email']),
      );
      const page2 = await t.request('GET', `/api/admin/custom-designs?q=${marker}&limit=2&page=2&sort=contact_name&order=asc`, {
        token: staff,
      });
      expect(page2.body.items.map((i: any) => i.contact_name)).toEqual([`${marker} 2`]);
      const contacted = await t.request('GET', `/api/admin/custom-designs?q=${marker}&status=contacted`, { token: staff });
      expect(contacted.body.items.map((i: any) => i.id)).toEqual([ids[0]]);
      const defaults = await t.request('GET', '/api/admin/custom-designs', { token: staff });
      expect(defaults.body).toMatchObject({ page: 1, limit: 25 });
      for (const bad of ['limit=101', 'page=0', 'sort=password', 'order=up', 'status=lost']) {
        expect((await t.request('GET', `/api/admin/custom-designs?${bad}`, { token: staff })).status).toBe(400);
      }
    });

    it('should keep the staff routes closed without a staff session', async () => {
      const { body } = await submit(valid());
      const customer = await t.app.get(SessionsService).create('customer', randomUUID(), 'customer');
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/admin/custom-designs'],
        ['GET', `/api/admin/custom-designs/${body.id}`],
        ['GET', `/api/admin/custom-designs/${body.id}/image`],
        ['PUT', `/api/admin/custom-designs/${body.id}`, { status: 'contacted' }],
        ['DELETE', `/api/admin/custom-designs/${body.id}`],
      ];
      for (const [method, path, payload] of routes) {
        expect([method, path, (await t.request(method, path, { body: payload })).status]).toEqual([method, path, 401]);
        expect([method, path, (await t.request(method, path, { body: payload, token: customer.token })).status]).toEqual([
          method,
          path,
          403,
        ]);
      }
      expect((await t.request('GET', '/api/admin/custom-designs', { token: staff })).status).toBe(200);
      expect((await t.request('GET', `/api/admin/custom-designs/${body.id}`, { token: staff })).status).toBe(200);
      expect((await t.request('PUT', `/api/admin/custom-designs/${body.id}`, { token: staff, body: { status: 'contacted' } })).status).toBe(
        200,
      );
      expect((await t.request('DELETE', `/api/admin/custom-designs/${body.id}`, { token: staff })).status).toBe(200);
    });
  });

  describe('When a customer is signed in', () => {
    it('should record the request under their account, show them only their own, and purge them when they are deleted', async () => {
      const customerId = randomUUID();
      const { token } = await t.app.get(SessionsService).create('customer', customerId, 'customer');
      const mine = await submit(valid({ contact_name: 'Signed In', contact_email: 'signed@example.com' }), token);
      expect(mine.status).toBe(201);
      await submit(valid({ contact_name: 'Someone Else' }));

      expect((await t.request('GET', '/api/custom-designs/mine')).status).toBe(401);
      expect((await t.request('GET', '/api/custom-designs/mine', { token: staff })).status).toBe(403);
      const list = await t.request('GET', '/api/custom-designs/mine', { token });
      expect(list.status).toBe(200);
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0]).toMatchObject({ id: mine.body.id, status: 'pending', customer_id: customerId, image_url: null });

      await t.request('PUT', `/api/admin/custom-designs/${mine.body.id}`, { token: staff, body: { status: 'contacted' } });
      expect((await t.request('GET', '/api/custom-designs/mine', { token })).body.items[0].status).toBe('contacted');

      const ack = await queuedMail(CUSTOM_DESIGN_ACK_KIND, customDesignStream(mine.body.id));
      expect(ack.subjectId).toBe(`customer:${customerId}`);

      await t.app
        .get(EventSourcing)
        .append(`customer-${customerId}`, [{ type: 'CustomerDeleted', data: { customer_id: customerId } }], 'any');
      const purged = await t.request('GET', `/api/admin/custom-designs/${mine.body.id}`, { token: staff });
      expect(purged.body).toMatchObject({
        contact_name: 'erased',
        contact_email: 'erased',
        contact_phone: 'erased',
        design_notes: 'erased',
        status: 'contacted',
      });
      const other = await t.request('GET', '/api/admin/custom-designs?q=Someone%20Else', { token: staff });
      expect(other.body.items[0].contact_name).toBe('Someone Else');
    });

    // Erasures recorded before the keyed derivation name the e-mail's bare-hash subject. A row without
    // subjects is what a process of the previous version writes during a rolling upgrade.
    it.each([
      ['keyed subject', 'former.guest', guestSubject, false],
      ['bare-hash subject', 'former.legacy.guest', legacyGuestSubject, false],
      ['row written without subjects', 'former.unlabelled.guest', guestSubject, true],
    ])('should also purge designs the customer sent as a guest under the same e-mail (%s)', async (_kind, user, subjectOf, unlabelled) => {
      const asGuest = await submit(valid({ contact_name: 'Former Guest', contact_email: `${user}@Example.com` }));
      expect(asGuest.status).toBe(201);
      const noted = await t.request('PUT', `/api/admin/custom-designs/${asGuest.body.id}`, {
        token: staff,
        body: { status: 'contacted', note: 'Called Former Guest back' },
      });
      expect(noted.status).toBe(200);
      const bystander = await submit(valid({ contact_name: 'Bystander', contact_email: 'bystander@example.com' }));
      if (unlabelled) await unlabelRows(t, 'custom_designs', [asGuest.body.id, bystander.body.id]);
      await eraseGuestSubject(t, subjectOf(`${user}@example.com`));
      const purged = await t.request('GET', `/api/admin/custom-designs/${asGuest.body.id}`, { token: staff });
      expect(purged.body).toMatchObject({
        contact_name: 'erased',
        contact_email: 'erased',
        contact_phone: 'erased',
        design_notes: 'erased',
      });
      expect(purged.body.history.map((h: { note: string | null }) => h.note)).toEqual([null, 'erased']);
      const kept = await t.request('GET', `/api/admin/custom-designs/${bystander.body.id}`, { token: staff });
      expect(kept.body.contact_email).toBe('bystander@example.com');
    });
  });
});
