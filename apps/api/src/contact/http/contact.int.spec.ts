import type { MailEvent } from '@facet/contracts';
import { guestSubject, legacyGuestSubject } from '../../platform/privacy/personal-fields';
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
import { contactMessageStream } from '../domain/contact-message';
import { CONTACT_THROTTLED_MESSAGE } from '../commands/contact-throttle';
import { CONTACT_ACK_KIND, CONTACT_STAFF_KIND } from '../reactors/contact-mail.reactor';

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 (212) 555-0199',
  subject: 'Ring resizing',
  message: 'Could you resize my ring by half a size?',
  ...over,
});

describe('Contact messages over HTTP', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: string;
  let address = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'desk@facet.test' });
    staff = await t.staffToken();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Each call comes from its own client address unless one is given, so the throttle only bites where a test wants it. */
  const send = (body: unknown, options: { from?: string; token?: string } = {}) =>
    t.request('POST', '/api/contact', {
      body,
      token: options.token,
      headers: { 'x-forwarded-for': options.from ?? `198.51.100.${++address}` },
    });

  async function sentId(email: string): Promise<string> {
    const list = await t.request('GET', `/api/admin/messages?q=${encodeURIComponent(email)}`, { token: staff });
    return list.body.items[0].id;
  }

  async function queuedMail(kind: string, messageId: string) {
    const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(contactMessageStream(messageId));
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

  describe('When a visitor sends a message', () => {
    it('should answer with the spec message, seal the personal fields and show it to staff', async () => {
      const res = await send(valid({ email: 'Sealed@Example.com', message: 'My secret ring size is 6' }));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: "Message sent successfully! We'll get back to you within 24 hours." });
      const id = await sentId('sealed@example.com');
      const [raw] = await t.app.get<EventStore>(EVENT_STORE).readStream(contactMessageStream(id));
      expect(raw.type).toBe('ContactMessageReceived');
      expect(JSON.stringify(raw.data)).not.toMatch(/sealed@example\.com|secret ring size|Ada Lovelace/i);
      const detail = await t.request('GET', `/api/admin/messages/${id}`, { token: staff });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id,
        name: 'Ada Lovelace',
        email: 'sealed@example.com',
        phone: '+1 (212) 555-0199',
        subject: 'Ring resizing',
        message: 'My secret ring size is 6',
        handled: false,
        handled_at: null,
      });
    });

    it('should acknowledge the sender and notify staff by mail (HTML and text), with what they typed escaped', async () => {
      await send(valid({ email: 'mallory@example.com', name: '<img src=x onerror=alert(1)>', subject: 'Hi\r\nBcc: everyone@example.com' }));
      const id = await sentId('mallory@example.com');
      const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(contactMessageStream(id));
      expect(await queuedMail(CONTACT_ACK_KIND, id)).toMatchObject({
        to: 'mallory@example.com',
        subjectId: guestSubject('mallory@example.com'),
      });

      const ack = await sink.waitFor((m) => m.to.includes('mallory@example.com') && m.headers['x-facet-mail-kind'] === CONTACT_ACK_KIND);
      expect(ack.headers['x-facet-mail-id']).toBe(jobIdFor(CONTACT_ACK_KIND, event.metadata.eventId));
      expect(ack.text).toContain("We'll get back to you within 24 hours.");
      expect(ack.html).toContain('We&#39;ll get back to you within 24 hours.');
      expect(ack.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(ack.html).not.toContain('<img');

      const notice = await sink.waitFor(
        (m) => m.to.includes('desk@facet.test') && m.headers['x-facet-mail-id'] === jobIdFor(CONTACT_STAFF_KIND, event.metadata.eventId),
      );
      expect(notice.subject).toContain('New contact message');
      expect(notice.headers['bcc']).toBeUndefined();
      expect(notice.to).toEqual(['desk@facet.test']);
      expect(notice.text).toContain('mallory@example.com');
      expect(notice.html).not.toContain('<img');
    });

    it('should record a signed-in customer and purge them when they are deleted', async () => {
      const customerId = randomUUID();
      const { token } = await t.app.get(SessionsService).create('customer', customerId, 'customer');
      expect((await send(valid({ email: 'member@example.com' }), { token })).status).toBe(201);
      const id = await sentId('member@example.com');
      expect((await t.request('GET', `/api/admin/messages/${id}`, { token: staff })).body.customer_id).toBe(customerId);
      await t.app
        .get(EventSourcing)
        .append(`customer-${customerId}`, [{ type: 'CustomerDeleted', data: { customer_id: customerId } }], 'any');
      const purged = await t.request('GET', `/api/admin/messages/${id}`, { token: staff });
      expect(purged.body).toMatchObject({ name: 'erased', email: 'erased', phone: 'erased', subject: 'erased', message: 'erased' });
    });

    // Erasures recorded before the keyed derivation name the e-mail's bare-hash subject. A row without
    // subjects is what a process of the previous version writes during a rolling upgrade.
    it.each([
      ['keyed subject', 'was.guest', guestSubject, false],
      ['bare-hash subject', 'was.legacy.guest', legacyGuestSubject, false],
      ['row written without subjects', 'was.unlabelled.guest', guestSubject, true],
    ])(
      'should purge what the customer sent as a guest under the same e-mail, and nobody else (%s)',
      async (_kind, user, subjectOf, unlabelled) => {
        expect((await send(valid({ email: `${user}@Example.com` }))).status).toBe(201);
        expect((await send(valid({ email: 'bystander@example.com' }))).status).toBe(201);
        const mine = await sentId(`${user}@example.com`);
        const theirs = await sentId('bystander@example.com');
        if (unlabelled) await unlabelRows(t, 'contact_messages', [mine, theirs]);
        await eraseGuestSubject(t, subjectOf(`${user}@example.com`));
        expect((await t.request('GET', `/api/admin/messages/${mine}`, { token: staff })).body).toMatchObject({
          name: 'erased',
          email: 'erased',
          message: 'erased',
        });
        expect((await t.request('GET', `/api/admin/messages/${theirs}`, { token: staff })).body.email).toBe('bystander@example.com');
      },
    );
  });

  describe('When a field breaks the rules', () => {
    it.each([
      ['name', { name: '' }, { name: 'A' }],
      ['name', { name: '  ' }, { name: ' Ada ' }],
      ['name', { name: 'x'.repeat(121) }, { name: 'x'.repeat(120) }],
      ['email', { email: undefined }, { email: 'a@b.co' }],
      ['email', { email: 'ada@example' }, { email: 'ADA@EXAMPLE.COM' }],
      ['phone', { phone: '555' }, { phone: undefined }],
      ['phone', { phone: 'call me maybe' }, { phone: '' }],
      ['subject', { subject: '' }, { subject: 'S' }],
      ['subject', { subject: 'x'.repeat(201) }, { subject: 'x'.repeat(200) }],
      ['message', { message: '   ' }, { message: 'Hello' }],
      ['message', { message: 'x'.repeat(5001) }, { message: 'x'.repeat(5000) }],
      ['website', { website: 'spam' }, {}],
    ])('should refuse a bad %s with 400 and accept a good one', async (field, bad, good) => {
      const refused = await send(valid(bad));
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((e: any) => e.field)).toContain(field);
      expect((await send(valid(good))).status).toBe(201);
    });
  });

  describe('When one address sends too many', () => {
    it('should allow 5 in 10 minutes, then answer 429 with a clear message, without affecting other addresses', async () => {
      const from = '203.0.113.77';
      for (let i = 0; i < 5; i++) expect((await send(valid({ subject: `Try ${i}` }), { from })).status).toBe(201);
      const sixth = await send(valid(), { from });
      expect(sixth.status).toBe(429);
      expect(sixth.body.detail).toBe(CONTACT_THROTTLED_MESSAGE);
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(590);
      expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(600);
      // Invalid messages are refused before they count, and other addresses are unaffected.
      expect((await send(valid({ email: 'bad' }), { from: '203.0.113.78' })).status).toBe(400);
      expect((await send(valid(), { from: '203.0.113.78' })).status).toBe(201);
      // The counter lives in PostgreSQL, so every API process sees it.
      expect(
        Number((await t.app.get(DatabaseService).one("SELECT sum(used) AS n FROM public.attempt_windows WHERE key LIKE 'contact:%'"))!.n),
      ).toBeGreaterThanOrEqual(6);
    });

    it('should send and count a message once for repeats with the same Idempotency-Key', async () => {
      const from = '203.0.113.50';
      const key = randomUUID();
      const body = valid({ email: 'repeat@example.com' });
      for (let i = 0; i < 7; i++) {
        const res = await t.request('POST', '/api/contact', { body, headers: { 'x-forwarded-for': from, 'idempotency-key': key } });
        expect(res.status).toBe(201);
      }
      const list = await t.request('GET', '/api/admin/messages?q=repeat%40example.com', { token: staff });
      expect(list.body.total).toBe(1);
      for (let i = 0; i < 4; i++) expect((await send(valid(), { from })).status).toBe(201);
      expect((await send(valid(), { from })).status).toBe(429);
    });

    it('should let the address send again once its window has passed', async () => {
      const from = '203.0.113.90';
      for (let i = 0; i < 5; i++) await send(valid(), { from });
      expect((await send(valid(), { from })).status).toBe(429);
      await t.app
        .get(DatabaseService)
        .query(`UPDATE public.attempt_windows SET window_ends = now() - interval '1 second' WHERE key LIKE 'contact:%'`);
      expect((await send(valid(), { from })).status).toBe(201);
    });
  });

  describe('When staff follow messages up', () => {
    it('should list with handled filter, search and paging, and mark one handled with who, when and a note', async () => {
      const marker = `kiwi${randomUUID().slice(0, 6)}`;
      for (let i = 0; i < 3; i++) await send(valid({ subject: `${marker} ${i}` }));
      const page = await t.request('GET', `/api/admin/messages?q=${marker}&limit=2&sort=subject&order=asc`, { token: staff });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 3, page: 1, limit: 2 });
      expect(page.headers.get('x-total-count')).toBe('3');
      expect(page.body.items.map((m: any) => m.subject)).toEqual([`${marker} 0`, `${marker} 1`]);
      const page2 = await t.request('GET', `/api/admin/messages?q=${marker}&limit=2&page=2&sort=subject&order=asc`, { token: staff });
      expect(page2.body.items.map((m: any) => m.subject)).toEqual([`${marker} 2`]);

      const id = page.body.items[0].id;
      const handled = await t.request('PUT', `/api/admin/messages/${id}`, {
        token: staff,
        body: { status: 'handled', note: 'Replied by phone' },
      });
      expect(handled.status).toBe(200);
      expect(handled.body).toMatchObject({ id, handled: true, handled_note: 'Replied by phone', handled_by: { type: 'staff' } });
      expect(Date.parse(handled.body.handled_at)).not.toBeNaN();
      const again = await t.request('PUT', `/api/admin/messages/${id}`, { token: staff, body: { status: 'handled' } });
      expect(again.status).toBe(200);
      expect(again.body.handled_note).toBe('Replied by phone');
      const events = await t.app.get<EventStore>(EVENT_STORE).readStream(contactMessageStream(id));
      expect(events.map((e) => e.type)).toEqual(['ContactMessageReceived', 'ContactMessageHandled']);
      expect(events[1].metadata.actor.type).toBe('staff');

      const open = await t.request('GET', `/api/admin/messages?q=${marker}&handled=false`, { token: staff });
      expect(open.body.items.map((m: any) => m.subject).sort()).toEqual([`${marker} 1`, `${marker} 2`]);
      const done = await t.request('GET', `/api/admin/messages?q=${marker}&handled=true`, { token: staff });
      expect(done.body.items.map((m: any) => m.id)).toEqual([id]);
      for (const bad of ['handled=maybe', 'limit=101', 'sort=password', 'page=0']) {
        expect((await t.request('GET', `/api/admin/messages?${bad}`, { token: staff })).status).toBe(400);
      }
      expect((await t.request('GET', `/api/admin/messages/${randomUUID()}`, { token: staff })).status).toBe(404);
      expect((await t.request('PUT', `/api/admin/messages/${randomUUID()}`, { token: staff, body: { status: 'handled' } })).status).toBe(
        404,
      );
    });

    it('should keep the staff routes closed without a staff session', async () => {
      await send(valid({ email: 'matrix@example.com' }));
      const id = await sentId('matrix@example.com');
      const customer = await t.app.get(SessionsService).create('customer', randomUUID(), 'customer');
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/admin/messages'],
        ['GET', `/api/admin/messages/${id}`],
        ['PUT', `/api/admin/messages/${id}`, { status: 'handled' }],
      ];
      for (const [method, path, body] of routes) {
        expect([method, path, (await t.request(method, path, { body })).status]).toEqual([method, path, 401]);
        expect([method, path, (await t.request(method, path, { body, token: customer.token })).status]).toEqual([method, path, 403]);
        expect([method, path, (await t.request(method, path, { body, token: staff })).status]).toEqual([method, path, 200]);
      }
    });
  });
});
