import { DatabaseService } from '../platform/database/database.service';
import { PersonalData } from '../platform/privacy/personal-data';
import { Queues } from '../platform/queue/queues.service';
import { freePort } from '../testing/built-shop';
import { waitUntil } from '../testing/card-orders';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';
import { MailArchive } from './mail-archive';
import { MAIL_QUEUE, MailJob, MailOutbox, OutgoingMail } from './mail.outbox';
import { OutboxSweeper } from './outbox-sweeper';

const mail = (id: string): OutgoingMail => ({
  kind: 'sweep-test',
  to: `${id}@example.com`,
  subject: `Mail ${id}`,
  html: `<p>${id}</p>`,
  text: id,
  subjectId: `guest:sweep-test-${id}`,
});

/**
 * The red team's findings: mail whose job was spent while the relay was down (8 attempts, about four minutes),
 * or failed as stalled after two crashes, stayed in the outbox for good, and a crash just after the relay accepted
 * a mail sent it again. The outbox is now swept, and the relay's acceptance is recorded before anything else.
 */
describe('Mail left in the outbox goes out in the end, once', () => {
  let t: TestApp;
  let db: DatabaseService;
  let port: number;
  let sink: SmtpSink | null = null;

  const delivered = (id: string) => (sink?.messages ?? []).filter((m) => m.headers['x-facet-mail-id'] === id);
  const recorded = async (id: string) =>
    (
      await db.one<{ n: number }>("SELECT count(*)::int AS n FROM public.es_events WHERE stream_id = $1 AND event_type = 'MailSent'", [
        `mail-${id}`,
      ])
    )?.n ?? 0;
  const inOutbox = async (ids: string[]) =>
    (await db.query<{ mail_id: string }>('SELECT mail_id FROM public.mail_outbox WHERE mail_id = ANY($1::text[])', [ids])).map(
      (r) => r.mail_id,
    );
  /** An outbox row as MailOutbox.send writes it, without its job. */
  const rowWithoutJob = async (id: string) => {
    const { subjectId, ...content } = mail(id);
    const sealed = await t.app.get(PersonalData).seal(subjectId, content);
    await db.query('INSERT INTO public.mail_outbox (mail_id, subject_id, sealed) VALUES ($1, $2, $3)', [id, subjectId, sealed]);
  };

  beforeAll(async () => {
    port = await freePort();
    // The relay is down to begin with: nothing listens on its port.
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_SWEEP_INTERVAL_MS: '300' });
    db = t.app.get(DatabaseService);
  });
  afterAll(async () => {
    await t.close();
    await sink?.close();
  });

  it('should send, once each, mail whose job failed for good or was lost while the relay was down, and say so in health meanwhile', async () => {
    const queue = t.app.get(Queues).queue<MailJob>(MAIL_QUEUE);
    // A job that spent its attempts (one here, eight in the shop) against the closed port.
    await rowWithoutJob('spent');
    await queue.add('sweep-test', { mailId: 'spent', kind: 'sweep-test' }, { jobId: 'spent', attempts: 1 });
    await waitUntil(async () => (await (await queue.getJob('spent'))?.getState()) === 'failed');
    // A row whose job is gone (Redis restarted without persistence), a quarter of an hour old.
    await rowWithoutJob('lost');
    await db.query("UPDATE public.mail_outbox SET created_at = now() - interval '16 minutes' WHERE mail_id = 'lost'");
    // And one queued the usual way, retrying with backoff.
    await t.app.get(MailOutbox).send(mail('usual'), 'usual');

    const health = await t.request('GET', '/api/health');
    expect(health.body.reasons).toContain('mail: 1 waiting in the outbox for over 15 minutes (is the SMTP relay reachable?)');
    // While the relay is down the sweeper only hands the failed job another round of attempts.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await inOutbox(['spent', 'lost', 'usual'])).sort()).toEqual(['lost', 'spent', 'usual']);

    sink = await startSmtpSink({ port });
    await waitUntil(async () => (await inOutbox(['spent', 'lost', 'usual'])).length === 0, 30_000);
    await new Promise((r) => setTimeout(r, 1500)); // more sweeps: nothing is sent twice
    for (const id of ['spent', 'lost', 'usual']) {
      expect({ id, delivered: delivered(id).length, recorded: await recorded(id) }).toEqual({ id, delivered: 1, recorded: 1 });
    }
    expect((await t.request('GET', '/api/health')).body.reasons.filter((r: string) => r.startsWith('mail:'))).toEqual([]);
  });

  it('should record, not send again, a mail the relay accepted just before a crash', async () => {
    const archive = t.app.get(MailArchive);
    // The worker dies after the relay's answer: the archive (and so MailSent) never comes in that run.
    const put = jest.spyOn(archive, 'put').mockRejectedValueOnce(new Error('killed after the relay accepted'));
    await t.app.get(MailOutbox).send(mail('crashed'), 'crashed');
    await waitUntil(async () => (await recorded('crashed')) === 1, 30_000);
    expect(put).toHaveBeenCalledTimes(2);
    put.mockRestore();
    await new Promise((r) => setTimeout(r, 1000));
    expect(delivered('crashed')).toHaveLength(1);
    expect(await inOutbox(['crashed'])).toEqual([]);
    // One Message-ID per mail, from the shop's own domain: a mail system keeps one copy of a repeat.
    expect(delivered('crashed')[0].headers['message-id']).toBe('<crashed@facet-jewelry.com>');
  });

  it('should clear rows of mail already recorded or of a person erased since', async () => {
    const sweeper = t.app.get(OutboxSweeper);
    // Recorded (MailSent) but the row left behind by a crash before its deletion.
    await t.app.get(MailOutbox).send(mail('leftover'), 'leftover');
    // Its job deletes the row just after recording MailSent: wait for both, or the row put back collides with it.
    await waitUntil(async () => (await recorded('leftover')) === 1 && (await inOutbox(['leftover'])).length === 0);
    await rowWithoutJob('leftover');
    // Erased: its key is gone, there is nothing to send.
    await rowWithoutJob('erased');
    await t.app.get(PersonalData).erase(mail('erased').subjectId);
    await db.query("UPDATE public.mail_outbox SET created_at = now() - interval '1 hour' WHERE mail_id IN ('leftover', 'erased')");
    await waitUntil(async () => (await inOutbox(['leftover', 'erased'])).length === 0, 10_000);
    expect(delivered('leftover')).toHaveLength(1);
    expect(delivered('erased')).toHaveLength(0);
    // Another sweep at once finds nothing to do.
    expect(await sweeper.sweep()).toEqual({ retried: 0, requeued: 0, cleared: 0 });
  });
});
