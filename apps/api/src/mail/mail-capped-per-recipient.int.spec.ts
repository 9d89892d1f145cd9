import { Job } from 'bullmq';
import { randomUUID } from 'crypto';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { login, Mailbox, verifiedCustomer } from '../testing/customer-helpers';
import { MailJob } from '../mail/mail.outbox';
import { MailWorker } from '../mail/mail.worker';
import { inboxOf, RecipientCap, recipientKey } from '../mail/recipient-cap';
import { OrderMailReactor } from '../orders/reactors/order-mail.reactor';
import { DatabaseService } from '../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { OrderRequested } from '../orders/domain/order';
import { PersonalData } from '../platform/privacy/personal-data';
import { guestSubject } from '../platform/privacy/privacy-secret';
import { RunnersService } from '../platform/projections/runners.service';
import { jobIdFor } from '../platform/queue/reactor';
import { expectEverythingProjected } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp, TestResponse } from '../testing/test-app';

/**
 * Nobody can use the shop to flood a stranger's inbox: the mail anyone can trigger to an address they type
 * (consultation confirmations, expired-order notices, design and contact acknowledgements) is capped per
 * recipient. The request is always accepted; the mail past the cap is recorded as suppressed, not sent.
 * Delivery is checked at a real SMTP sink, through real BullMQ and the real worker.
 */
const CAP = 5;
const WINDOW_SECONDS = 600;
const CAPPED_KINDS = ['consultation-confirmation', 'order-expired', 'custom-design-acknowledgement', 'contact-acknowledgement'];

/** The test's own reading of "one inbox" (not the code under test's): case, spaces, NFC/NFD and a +tag ignored, and dots at Gmail. */
const sameInbox = (address: string, inbox: string) => {
  const [local, domain] = address
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@')
    .split('@');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return (gmail ? `${local.split('.').join('')}@gmail.com` : `${local}@${domain}`) === inbox.normalize('NFC');
};

interface SentRow {
  id: string;
  kind: string;
  to_address: string;
  delivered: boolean;
  suppressed: string | null;
}

describe('Mail bombing: a cap per recipient on mail anyone can trigger', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let db: DatabaseService;
  let product: { id: string; name: string; price: number };
  let client = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({
      SMTP_URL: sink.url,
      STAFF_EMAIL: 'atelier@facet.test',
      MAIL_RECIPIENT_CAP: String(CAP),
      MAIL_RECIPIENT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    db = t.app.get(DatabaseService);
    product = (await t.request('GET', '/api/products?limit=50')).body.products.find((p: any) => p.in_stock);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const consult = (email: string, token?: string) =>
    t.request('POST', '/api/orders', {
      token,
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
        shipping: { first_name: 'Vic', last_name: 'Tim', email, phone: '+1 555 777 8888' },
        payment: { card_name: '', last_4: '' },
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });
  // Each from a client address of its own: the contact form's throttle counts per sender, not per recipient.
  const contact = (email: string) =>
    t.request('POST', '/api/contact', {
      body: { name: 'Vic Tim', email, subject: 'Hello', message: 'Please write back.' },
      headers: { 'x-forwarded-for': `198.51.100.${++client}` },
    });
  const design = (email: string) =>
    t.request('POST', '/api/custom-design', {
      body: {
        category: 'women',
        jewelry_type: 'women-rings',
        diamond_shape: 'round',
        diamond_size: '1-1.5',
        metal_type: 'rose-gold',
        metal_karat: '14K',
        design_image: null,
        design_notes: null,
        contact_name: 'Vic Tim',
        contact_email: email,
        contact_phone: null,
        preferred_contact: 'email',
      },
    });
  const accepted = (res: TestResponse) => expect([200, 201]).toContain(res.status);

  /** The capped mail recorded for one inbox (rm.sent_mail: sent, kept or suppressed). */
  async function recorded(inbox: string): Promise<SentRow[]> {
    const rows = await db.query<SentRow>(
      'SELECT id, kind, to_address, delivered, suppressed FROM rm.sent_mail WHERE kind = ANY($1::text[]) ORDER BY sent_at',
      [CAPPED_KINDS],
    );
    return rows.filter((r) => sameInbox(r.to_address, inbox));
  }

  /** Waits until `count` capped mails to the inbox are recorded, then a moment longer to see that no more come. */
  async function settle(inbox: string, count: number, timeoutMs = 30_000): Promise<SentRow[]> {
    const until = Date.now() + timeoutMs;
    let rows = await recorded(inbox);
    while (rows.length < count && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await recorded(inbox);
    }
    await new Promise((r) => setTimeout(r, 500));
    rows = await recorded(inbox);
    expect(rows).toHaveLength(count);
    return rows;
  }

  /** Capped mail the SMTP sink received for the inbox, however the address was written. */
  const delivered = (inbox: string) =>
    sink.messages.filter((m) => CAPPED_KINDS.includes(m.headers['x-facet-mail-kind']) && m.to.some((a) => sameInbox(a, inbox)));
  const staffNotices = () => sink.messages.filter((m) => m.to.includes('atelier@facet.test')).length;
  const windowOf = async (address: string): Promise<{ used: number; ends_in: number } | null> =>
    (
      await db.query<{ used: number; ends_in: number }>(
        'SELECT used, extract(epoch FROM window_ends - now())::float8 AS ends_in FROM public.mail_recipient_windows WHERE recipient_key = $1',
        [recipientKey(address)],
      )
    )[0] ?? null;
  const suppressed = (rows: SentRow[]) => rows.filter((r) => r.suppressed === 'recipient-cap' && !r.delivered);
  const sent = (rows: SentRow[]) => rows.filter((r) => r.delivered && r.suppressed === null);

  it('should deliver the first 5 mails to an address, record the rest as suppressed, and still tell staff of every request', async () => {
    const inbox = 'first.victim@x.test';
    const noticesBefore = staffNotices();
    for (let i = 0; i < CAP + 2; i++) expect((await consult(inbox)).status).toBe(200);

    const rows = await settle(inbox, CAP + 2);
    expect(delivered(inbox)).toHaveLength(CAP);
    expect(sent(rows)).toHaveLength(CAP);
    expect(suppressed(rows)).toHaveLength(2);
    // Staff notices go to the shop's own inbox, uncapped: staff see every request.
    for (let i = 0; i < 100 && staffNotices() - noticesBefore < CAP + 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(staffNotices() - noticesBefore).toBe(CAP + 2);
    console.log(`${CAP + 2} consultation requests to one address: ${delivered(inbox).length} confirmations delivered, 2 suppressed`);

    // The log says so: MailSent version 3 with the reason, not delivered, the address sealed.
    for (const row of suppressed(rows)) {
      const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(`mail-${row.id}`);
      expect(event.type).toBe('MailSent');
      expect(event.metadata.schemaVersion).toBe(3);
      expect(event.data).toMatchObject({ kind: 'consultation-confirmation', delivered: false, suppressed: 'recipient-cap' });
      expect(JSON.stringify(event.data)).not.toContain('first.victim');
    }
    for (const row of sent(rows)) {
      const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(`mail-${row.id}`);
      expect(event.data).not.toHaveProperty('suppressed');
    }
  });

  it('should show staff a suppressed mail as not sent, with the reason, in the sent-mail list and the mail itself', async () => {
    const staff = await t.staffToken();
    const list = await t.request('GET', `/api/admin/mail?q=${encodeURIComponent('first.victim@x.test')}&kind=consultation-confirmation`, {
      token: staff,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(CAP + 2);
    const held = list.body.items.filter((m: any) => m.suppressed !== null);
    expect(held).toHaveLength(2);
    for (const m of held) expect(m).toMatchObject({ to: 'first.victim@x.test', delivered: false, suppressed: 'recipient-cap' });
    expect(list.body.items.filter((m: any) => m.delivered && m.suppressed === null)).toHaveLength(CAP);

    const one = await t.request('GET', `/api/admin/mail/${encodeURIComponent(held[0].id)}`, { token: staff });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ kind: 'consultation-confirmation', delivered: false, suppressed: 'recipient-cap' });
    // What would have been sent is archived like any mail, for staff to read.
    expect(one.body.text).toContain('24-48 hours');
  });

  it('should deliver exactly 5 of a burst of 40 concurrent consultation requests to one address, and accept all 40', async () => {
    const inbox = 'burst.victim@x.test';
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => consult(inbox)));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    const rows = await settle(inbox, 40, 60_000);
    expect(delivered(inbox)).toHaveLength(CAP);
    expect(sent(rows)).toHaveLength(CAP);
    expect(suppressed(rows)).toHaveLength(40 - CAP);
    expect(await windowOf(inbox)).toMatchObject({ used: 40 });
    console.log(
      `burst: 40 concurrent consultation requests to one address -> 40 x 200, ${delivered(inbox).length} delivered, ` +
        `${suppressed(rows).length} suppressed (${Date.now() - started} ms)`,
    );
  }, 90_000);

  it('should count an address however it is written (case, spaces, +tag) and across kinds of mail as one inbox', async () => {
    const inbox = 'variant@x.test';
    const requests: (() => Promise<TestResponse>)[] = [
      () => consult('Variant@X.test'),
      () => consult('variant+1@x.test'),
      () => consult('VARIANT+promo@X.TEST'),
      () => contact('  Variant+2@x.test '),
      () => contact('variant@x.test'),
      () => design('variant+3@x.test'),
      () => design(' VARIANT@x.test'),
      () => consult('variant@x.test'),
    ];
    for (const request of requests) accepted(await request());
    const rows = await settle(inbox, requests.length);
    expect(delivered(inbox)).toHaveLength(CAP);
    expect(suppressed(rows)).toHaveLength(requests.length - CAP);
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set(['consultation-confirmation', 'contact-acknowledgement', 'custom-design-acknowledgement']),
    );
    expect(await windowOf(inbox)).toMatchObject({ used: requests.length });
    expect(inboxOf(' Victim+Tag@Example.COM ')).toBe('victim@example.com');
    expect(inboxOf('+tag@x.test')).toBe('+tag@x.test');
    expect(inboxOf('no-at-sign+tag')).toBe('no-at-sign+tag');
    expect(inboxOf('V.I.C.tim+x@GoogleMail.com')).toBe('victim@gmail.com');
    // Dots matter elsewhere: a.b@x.test and ab@x.test are two mailboxes.
    expect(inboxOf('a.b@x.test')).toBe('a.b@x.test');
    console.log(`8 mails to one inbox written 8 ways, over 3 kinds: ${delivered(inbox).length} delivered`);
  });

  it('should count the dotted spellings of a Gmail address as its one inbox (the cap is not 5 per spelling)', async () => {
    const inbox = 'victimgmail@gmail.com';
    const spellings = [
      'victimgmail@gmail.com',
      'v.ictimgmail@gmail.com',
      'vi.ct.imgmail@gmail.com',
      'victim.gmail@googlemail.com',
      'v.i.c.t.i.m.g.m.a.i.l@gmail.com',
      'Victim.Gmail+x@Gmail.com',
      'victimg.mail@gmail.com',
      'victimgmai.l@googlemail.com',
    ];
    for (const address of spellings) accepted(await consult(address));
    const rows = await settle(inbox, spellings.length);
    expect(delivered(inbox)).toHaveLength(CAP);
    expect(suppressed(rows)).toHaveLength(spellings.length - CAP);
    expect(await windowOf('VICTIMGMAIL@gmail.com')).toMatchObject({ used: spellings.length });
  }, 60_000);

  it('should count distinct recipients apart', async () => {
    const inboxes = ['alice@x.test', 'bob@x.test', 'alice@y.test', 'alice.b@x.test'];
    // Interleaved and concurrent: 6 requests for each.
    const answers = await Promise.all(inboxes.flatMap((inbox) => Array.from({ length: CAP + 1 }, () => consult(inbox))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    for (const inbox of inboxes) {
      const rows = await settle(inbox, CAP + 1);
      expect({ inbox, delivered: delivered(inbox).length, suppressed: suppressed(rows).length }).toEqual({
        inbox,
        delivered: CAP,
        suppressed: 1,
      });
    }
  }, 60_000);

  it('should start a new window once the window has passed, and prune windows that ended', async () => {
    const inbox = 'window.victim@x.test';
    for (let i = 0; i < CAP + 1; i++) expect((await consult(inbox)).status).toBe(200);
    await settle(inbox, CAP + 1);
    expect(delivered(inbox)).toHaveLength(CAP);
    // The window is MAIL_RECIPIENT_WINDOW_SECONDS long (600 s here).
    const first = (await windowOf(inbox))!;
    expect(first.used).toBe(CAP + 1);
    expect(first.ends_in).toBeGreaterThan(WINDOW_SECONDS - 120);
    expect(first.ends_in).toBeLessThanOrEqual(WINDOW_SECONDS);

    // As if the window's time had passed: the next request's mail goes out again.
    await db.query(`UPDATE public.mail_recipient_windows SET window_ends = now() - interval '1 second' WHERE recipient_key = $1`, [
      recipientKey(inbox),
    ]);
    expect((await consult(inbox)).status).toBe(200);
    await settle(inbox, CAP + 2);
    expect(delivered(inbox)).toHaveLength(CAP + 1);
    expect(await windowOf(inbox)).toMatchObject({ used: 1 });

    // Ended windows are pruned (now and then after a decision; here at once).
    await db.query(`UPDATE public.mail_recipient_windows SET window_ends = now() - interval '1 second' WHERE recipient_key = $1`, [
      recipientKey(inbox),
    ]);
    await t.app.get(RecipientCap).prune();
    expect(await windowOf(inbox)).toBeNull();
    expect(await windowOf('burst.victim@x.test')).not.toBeNull();
  });

  describe('When the same mail is handled again', () => {
    it('should neither count nor send again when the reactor sees the same event twice', async () => {
      const inbox = 'again@x.test';
      const first = await consult(inbox);
      for (let i = 1; i < CAP - 1; i++) expect((await consult(inbox)).status).toBe(200);
      await settle(inbox, CAP - 1);
      expect(await windowOf(inbox)).toMatchObject({ used: CAP - 1 });

      // The reactor sees the first order's event again (a crash before its checkpoint), twice, and the worker
      // runs its confirmation's job again (job ids are derived from the event id).
      // As the store has it (sealed), as the test always handed it over.
      const [requested] = await t.app.get(EventSourcing).loadSealed<OrderRequested>(`order-${first.body.order_id}`);
      const reactor = t.app.get(OrderMailReactor);
      await reactor.react(requested);
      await reactor.react(requested);
      const mailId = jobIdFor('consultation-confirmation', requested.metadata.eventId);
      const job = { id: mailId, data: { mailId, kind: 'consultation-confirmation' } } as Job<MailJob>;
      expect(await t.app.get(MailWorker).process(job)).toBe('already-sent');
      await new Promise((r) => setTimeout(r, 1000));
      expect(await windowOf(inbox)).toMatchObject({ used: CAP - 1 });
      expect(delivered(inbox)).toHaveLength(CAP - 1);
      await settle(inbox, CAP - 1);

      // So the last slot is still there for a new request.
      expect((await consult(inbox)).status).toBe(200);
      await settle(inbox, CAP);
      expect(delivered(inbox)).toHaveLength(CAP);
    });

    /** A queued mail's content in the outbox, as MailOutbox.send writes it, without a BullMQ job: the test runs the worker itself. */
    async function queuedWithoutJob(to: string): Promise<Job<MailJob>> {
      const mailId = `contact-acknowledgement-${randomUUID()}`;
      const subjectId = guestSubject(to);
      const content = {
        kind: 'contact-acknowledgement',
        to,
        subject: 'Redelivery',
        html: '<p>Thank you.</p>',
        text: 'Thank you.',
        recipientCap: true,
      };
      const sealed = await t.app.get(PersonalData).seal(subjectId, content);
      await db.query('INSERT INTO public.mail_outbox (mail_id, subject_id, sealed) VALUES ($1, $2, $3)', [mailId, subjectId, sealed]);
      return { id: mailId, data: { mailId, kind: 'contact-acknowledgement' } } as Job<MailJob>;
    }

    it('should count a mail once when its job runs again after a crash between the decision and the send', async () => {
      const inbox = 'crash@x.test';
      const worker = t.app.get(MailWorker);
      const job = await queuedWithoutJob(inbox);
      // The first run decided, then died before sending.
      expect(await t.app.get(RecipientCap).admit(String(job.id), inbox)).toBe(true);
      expect(await windowOf(inbox)).toMatchObject({ used: 1 });
      // The retry gets the same answer without counting again, sends once and records it.
      expect(await worker.process(job)).toBe('sent');
      expect(await worker.process(job)).toBe('already-sent');
      expect(await windowOf(inbox)).toMatchObject({ used: 1 });
      expect(delivered(inbox)).toHaveLength(1);

      // Two runs of one job at once (a stalled job taken over) are counted once too.
      const twice = await queuedWithoutJob(inbox);
      const outcomes = await Promise.all([worker.process(twice), worker.process(twice)]);
      expect(outcomes).toContain('sent');
      expect(await windowOf(inbox)).toMatchObject({ used: 2 });

      // And a suppressed mail run again stays suppressed, counted once.
      await db.query(`UPDATE public.mail_recipient_windows SET used = $2 WHERE recipient_key = $1`, [recipientKey(inbox), CAP]);
      const late = await queuedWithoutJob(inbox);
      expect(await t.app.get(RecipientCap).admit(String(late.id), inbox)).toBe(false);
      expect(await worker.process(late)).toBe('suppressed');
      expect(await worker.process(late)).toBe('already-sent');
      expect(await windowOf(inbox)).toMatchObject({ used: CAP + 1 });
    });
  });

  it('should take hostile addresses without breaking the count, and refuse NUL and lone surrogates before anything is stored', async () => {
    // Refused at the edge, before a command runs: nothing is counted or queued.
    expect((await consult('nul\u0000@x.test')).status).toBe(400);
    expect((await contact('surrogate\ud800@x.test')).status).toBe(400);
    expect((await consult(`${'l'.repeat(250)}@x.test`)).status).toBe(400);

    // Long addresses (63-character labels; 252 characters with the tag, the longest this test's SMTP server,
    // smtp-server, takes: the shop's rule allows 254), with and without a tag: one inbox.
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(56)}.test`;
    const long = `${'l'.repeat(60)}@${domain}`;
    expect(long.replace('@', '+t@')).toHaveLength(252);
    for (let i = 0; i < CAP + 1; i++) expect((await consult(i % 2 ? long.replace('@', '+t@') : long)).status).toBe(200);
    const longRows = await settle(long, CAP + 1);
    expect(suppressed(longRows)).toHaveLength(1);

    // Addresses outside the shop's rule (ASCII only, see libs/contracts validation) are refused before
    // anything is counted; the count itself folds case and composition (NFC and NFD) into one inbox for
    // addresses recorded before the rule.
    for (const form of ['zoë@例え.テスト', 'ZOË@x.test', 'zoe\u0308+x@x.test']) expect((await contact(form)).status).toBe(400);
    expect(recipientKey('ZOË+y@例え.テスト')).toBe(recipientKey('zoe\u0308@例え.テスト'));
    console.log(`hostile: a ${long.length + 2}-character address, tagged and not: 1 suppressed; non-ASCII refused at the edge`);
  });

  it('should keep no address in the counter table, and forget an erased person’s count', async () => {
    const box = new Mailbox(sink);
    const email = await verifiedCustomer(t, box, 'erase.me@x.test');
    const token = await login(t, email);
    expect((await consult('Erase.Me+shop@x.test', token)).status).toBe(200);
    await settle('erase.me@x.test', 1);
    expect(await windowOf(email)).toMatchObject({ used: 1 });

    const me = await t.request('GET', '/api/me', { token });
    const staff = await t.staffToken();
    expect((await t.request('DELETE', `/api/admin/customers/${me.body.id}`, { token: staff })).status).toBe(200);
    expect(await windowOf(email)).toBeNull();

    const table = await db.query<{ row: string }>('SELECT t::text AS row FROM public.mail_recipient_windows t');
    expect(table.length).toBeGreaterThan(5);
    for (const { row } of table) {
      expect(row).not.toMatch(/@|victim|erase|zo/i);
      expect(row).toMatch(/^\([0-9a-f]{40},\d+,"[^"]+"\)$/);
    }
  });

  it('should have projected every mail, parked nothing, and rebuild the same sent-mail rows on replay', async () => {
    await expectEverythingProjected(t);
    const before = await db.query('SELECT id, delivered, suppressed FROM rm.sent_mail ORDER BY id');
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.parked).toBe(0);
    expect(Object.entries(result.differences ?? {}).filter(([, n]) => n > 0)).toEqual([]);
    const after = await db.query('SELECT id, delivered, suppressed FROM rm.sent_mail ORDER BY id');
    expect(after).toEqual(before);
    expect(after.filter((r: any) => r.suppressed === 'recipient-cap').length).toBeGreaterThan(40);
  }, 120_000);
});
