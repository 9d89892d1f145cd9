import { randomUUID } from 'crypto';
import { DatabaseService } from '../platform/database/database.service';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { verifyLog } from '../platform/event-store/log-verifier';
import { RunnersService } from '../platform/projections/runners.service';
import { startTestApp, TestApp } from '../testing/test-app';
import { MailArchive } from './mail-archive';
import { MAIL_SENT_VERSION, mailStream, MailSentV1Data } from './mail-events';
import { MailOutbox } from './mail.outbox';

async function waitUntil(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Issue 20: mail bodies live in public.mail_archive; MailSent version 2 carries only what an auditor needs. */
describe('Mail archive and MailSent version 2', () => {
  let t: TestApp;
  let db: DatabaseService;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DatabaseService);
    staff = await t.staffToken();
  });
  afterAll(() => t.close());

  // Hostile content: a lone surrogate, a NUL byte (in the text), a long body.
  const hostileHtml = `<p>Dear Ada \ud800 Lovelace</p>${'<i>x</i>'.repeat(2000)}`;

  it('should replay a log that holds both versions, show both bodies to staff, and keep the hash chain verifying', async () => {
    // A version 1 MailSent, as the worker wrote it before the archive: the whole mail in the event.
    const oldId = `legacy-${randomUUID()}`;
    const v1: MailSentV1Data = {
      mail_id: oldId,
      kind: 'payment-receipt',
      to: 'old@facet.test',
      subject: 'Your receipt',
      html: '<p>Old body</p>',
      text: 'Old body',
      subject_id: 'email:old-subject',
      delivered: false,
    };
    await t.app.get(EventSourcing).append(mailStream(oldId), [{ type: 'MailSent', data: v1 }], 'no_stream', { waitForProjections: false });

    // A new mail through the outbox and the worker: version 2.
    const newId = `mail-test-${randomUUID()}`;
    await t.app.get(MailOutbox).send(
      {
        kind: 'consultation-confirmation',
        to: 'new@facet.test',
        subject: 'We will call you',
        html: hostileHtml,
        text: 'Plain \u0000 text',
        subjectId: 'email:new-subject',
      },
      newId,
    );
    await waitUntil(
      async () => (await db.one<any>('SELECT count(*)::int AS n FROM rm.sent_mail WHERE id = ANY($1)', [[oldId, newId]])).n === 2,
    );

    const [oldRow] = await db.query(`SELECT schema_version, octet_length(data::text) AS bytes FROM public.es_events WHERE stream_id = $1`, [
      mailStream(oldId),
    ]);
    const [newRow] = await db.query(
      `SELECT schema_version, data, octet_length(data::text) AS bytes FROM public.es_events WHERE stream_id = $1`,
      [mailStream(newId)],
    );
    expect(oldRow.schema_version).toBe(1);
    expect(newRow.schema_version).toBe(MAIL_SENT_VERSION);
    // The new event: the auditor's fields, sealed where personal, no body; small whatever the body's size.
    expect(Object.keys(newRow.data).sort()).toEqual([
      'content_sha256',
      'delivered',
      'kind',
      'mail_id',
      'subject',
      'subject_id',
      'template_version',
      'to',
    ]);
    expect(newRow.data.to).not.toContain('new@facet.test');
    expect(newRow.bytes).toBeLessThan(1000);
    expect(newRow.data.content_sha256).toBe(await t.app.get(MailArchive).hashOf(newId));
    console.log(
      `MailSent v1 ${oldRow.bytes} bytes (a 16-byte body); v2 ${newRow.bytes} bytes (a ${hostileHtml.length}-character body, archived)`,
    );

    const show = async () => {
      const [a, b] = await Promise.all([
        t.request('GET', `/api/admin/mail/${oldId}`, { token: staff }),
        t.request('GET', `/api/admin/mail/${newId}`, { token: staff }),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body).toMatchObject({ to: 'old@facet.test', subject: 'Your receipt', html: '<p>Old body</p>', text: 'Old body' });
      expect(b.body).toMatchObject({ to: 'new@facet.test', subject: 'We will call you' });
      // Compared without printing a 16 KB body on failure.
      // The body is sealed as JSON, whose \\u escapes keep even a lone surrogate as it was.
      const wanted = hostileHtml;
      expect({ same: b.body.html === wanted, length: b.body.html?.length }).toEqual({ same: true, length: wanted.length });
      expect(b.body.text).toBe('Plain \u0000 text');
    };
    await show();

    // Rebuilt from the log: the version 1 event is upcast, the version 2 body read from the archive.
    await t.app.get(RunnersService).replay();
    await show();

    // Nothing was rewritten: the chain still verifies.
    const report = await verifyLog(t.app.get<EventStore>(EVENT_STORE), db.pool, { writeCheckpoints: false });
    expect(report).toMatchObject({ ok: true, breaks: 0 });
  });

  it('should leave no outbox row behind when a reactor queues a mail again after it was sent', async () => {
    const id = `mail-again-${randomUUID()}`;
    const mail = {
      kind: 'contact-acknowledgement',
      to: 'again@facet.test',
      subject: 'Thanks',
      html: '<p>x</p>',
      text: 'x',
      subjectId: 'email:again',
    };
    const outboxRows = async () => (await db.one<any>('SELECT count(*)::int AS n FROM public.mail_outbox WHERE mail_id = $1', [id])).n;
    await t.app.get(MailOutbox).send(mail, id);
    await waitUntil(async () => (await outboxRows()) === 0 && (await t.app.get(MailArchive).hashOf(id)) !== null);
    // The reactor saw its event again (a crash before its checkpoint moved): BullMQ still holds the finished job.
    await t.app.get(MailOutbox).send(mail, id);
    expect(await outboxRows()).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    const recorded = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM public.es_events WHERE stream_id = $1`, [mailStream(id)]);
    expect(recorded!.n).toBe(1);
  });

  it('should archive a body once when the same mail job runs twice at the same time', async () => {
    const id = `mail-twice-${randomUUID()}`;
    const archive = t.app.get(MailArchive);
    const hashes = await Promise.all(Array.from({ length: 8 }, () => archive.put(id, 'email:burst', { html: '<p>a</p>', text: 'a' })));
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toBe(await archive.hashOf(id));
    expect((await db.one<any>('SELECT count(*)::int AS n FROM public.mail_archive WHERE mail_id = $1', [id])).n).toBe(1);
  });
});
