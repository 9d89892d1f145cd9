import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { codeOf, Mailbox, PASSWORD, tokenOf } from '../testing/customer-helpers';
import { DatabaseService } from '../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { RunnersService } from '../platform/projections/runners.service';
import { expectEverythingProjected } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';
import { MailArchive } from './mail-archive';
import { MailSentData, mailStream } from './mail-events';
import { HIDDEN_SECRET } from './mail-secrets';

/** Verification codes and reset links reach the customer, and no one else: staff, auditors and a replay see them hidden. */
describe('Account secrets in mail', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let clerk: string;
  let db: DatabaseService;

  /** Once the person's `mails` are recorded and projected: the relay has a mail before MailSent is appended. */
  const everythingStaffSee = async (email: string, mails: number): Promise<string> => {
    let list = { status: 0, body: { total: 0, items: [] as { id: string }[] } };
    for (const until = Date.now() + 15_000; list.body.total < mails && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      await expectEverythingProjected(t);
      list = await t.request('GET', `/api/admin/mail?q=${encodeURIComponent(email)}&limit=100`, { token: clerk });
      expect(list.status).toBe(200);
    }
    expect(list.body.total).toBe(mails);
    const seen = [JSON.stringify(list.body)];
    for (const item of list.body.items) {
      const one = await t.request('GET', `/api/admin/mail/${encodeURIComponent(item.id)}`, { token: clerk });
      expect(one.status).toBe(200);
      seen.push(JSON.stringify(one.body));
      const stream = await t.request('GET', `/api/admin/audit/streams/${encodeURIComponent(mailStream(item.id))}`, { token: clerk });
      expect(stream.status).toBe(200);
      seen.push(JSON.stringify(stream.body));
    }
    const events = await t.request('GET', '/api/admin/audit/events?type=MailSent&limit=100', { token: clerk });
    expect(events.status).toBe(200);
    seen.push(JSON.stringify(events.body));
    return seen.join('\n');
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
    db = t.app.get(DatabaseService);
    const admin = await t.staffToken();
    const added = await t.request('POST', '/api/admin/staff', {
      token: admin,
      body: { email: 'clerk@facet.test', name: 'Clerk', role: 'staff', password: 'Clerk-Sapphire-2031!' },
    });
    expect(added.status).toBe(201);
    clerk = (await t.request('POST', '/api/staff/login', { body: { username: 'clerk@facet.test', password: 'Clerk-Sapphire-2031!' } })).body
      .token;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should mail the customer a working code and reset link, and show staff neither (list, mail, audit)', async () => {
    const email = 'fay.victim@example.com';
    expect((await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } })).status).toBe(201);
    const verifyMail = await box.next(email, 'verify-email');
    const code = codeOf(verifyMail);
    const verifyToken = tokenOf(verifyMail);
    expect(verifyMail.subject).toBe(`Your Facet verification code: ${code}`);
    expect(verifyMail.html).toContain(code);

    let seen = await everythingStaffSee(email, 1);
    expect(seen).not.toContain(code);
    expect(seen).not.toContain(verifyToken);
    expect(seen).not.toMatch(/token=[A-Za-z0-9_-]{10,}/);
    expect(seen).toContain(HIDDEN_SECRET);
    const listed = (await t.request('GET', `/api/admin/mail?q=${encodeURIComponent(email)}`, { token: clerk })).body.items[0];
    expect(listed.subject).toBe(`Your Facet verification code: ${HIDDEN_SECRET}`);
    // The list's search does not find a mail by its code either.
    expect((await t.request('GET', `/api/admin/mail?q=${code}`, { token: clerk })).body.total).toBe(0);
    expect((await t.request('GET', `/api/admin/mail?q=${code.slice(0, 3)}`, { token: clerk })).body.total).toBe(0);

    expect((await t.request('POST', '/api/auth/verify-email', { body: { email, token: code } })).status).toBe(200);

    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const resetMail = await box.next(email, 'password-reset');
    const resetToken = tokenOf(resetMail);
    expect(resetMail.html).toContain(`token=${encodeURIComponent(resetToken)}`);
    seen = await everythingStaffSee(email, 2);
    expect(seen).not.toContain(resetToken);
    expect(seen).not.toContain(encodeURIComponent(resetToken));
    expect(seen).not.toMatch(/token=[A-Za-z0-9_%-]{10,}/);
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { email, token: resetToken, password: 'New-Password-1985!a' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('POST', '/api/auth/login', { body: { email, password: 'New-Password-1985!a' } })).status).toBe(200);

    // What is kept is the hidden version, and MailSent's hash is of exactly that row.
    const archive = t.app.get(MailArchive);
    const store = t.app.get<EventStore>(EVENT_STORE);
    const mails = await db.query<{ id: string }>('SELECT id FROM rm.sent_mail WHERE to_address = $1', [email]);
    expect(mails).toHaveLength(2);
    for (const { id } of mails) {
      const body = await archive.get(id);
      expect(JSON.stringify(body)).not.toMatch(new RegExp(`${code}|${resetToken}|${verifyToken}`.replace(/[-]/g, '\\-')));
      expect(JSON.stringify(body)).toContain(HIDDEN_SECRET);
      const [event] = await store.readStream(mailStream(id));
      expect((event.data as MailSentData).content_sha256).toBe(await archive.hashOf(id));
    }
  });

  it('should hide the secrets of mail recorded before (subject, archived body, a version 1 body), and a replay rebuilds the same rows', async () => {
    const es = t.app.get(EventSourcing);
    const archive = t.app.get(MailArchive);
    const subjectId = `customer:${randomUUID()}`;
    const link = 'http://localhost:3000/reset-password?email=old%40example.com&token=OldSecretToken_0123456789abcdef';
    const html = `<p>Your verification code is <strong style="letter-spacing:2px">QXRT7K2M</strong></p><p><a href="${link.replace('&', '&#38;')}">x</a></p>`;
    const text = `Your verification code is QXRT7K2M\n\n${link}\n`;
    const v2 = `legacy-v2-${randomUUID()}`;
    const sha = await archive.put(v2, subjectId, { html, text });
    await es.append(
      mailStream(v2),
      [
        {
          type: 'MailSent',
          schemaVersion: 2,
          data: {
            mail_id: v2,
            kind: 'verify-email',
            template_version: 2,
            to: 'old@example.com',
            subject: 'Your Facet verification code: QXRT7K2M',
            subject_id: subjectId,
            content_sha256: sha,
            delivered: true,
          },
        },
      ],
      'no_stream',
    );
    const v1 = `legacy-v1-${randomUUID()}`;
    await es.append(
      mailStream(v1),
      [
        {
          type: 'MailSent',
          data: {
            mail_id: v1,
            kind: 'password-reset',
            to: 'old@example.com',
            subject: 'Reset your Facet password',
            html,
            text,
            subject_id: subjectId,
            delivered: true,
          },
        },
      ],
      'no_stream',
    );
    const seen = await everythingStaffSee('old@example.com', 2);
    expect(seen).not.toMatch(/QXRT7K2M|OldSecretToken/);
    expect(seen).toContain(HIDDEN_SECRET);

    // Rows projected before the fix held the code: the migration hides it the way the projection now does.
    const projected = await db.query('SELECT id, subject, html, text FROM rm.sent_mail WHERE id = ANY($1) ORDER BY id', [[v1, v2]]);
    await db.query(`UPDATE rm.sent_mail SET subject = 'Your Facet verification code: QXRT7K2M' WHERE id = $1`, [v2]);
    await db.query(`UPDATE rm.sent_mail SET html = $2, text = $3 WHERE id = $1`, [v1, html, text]);
    await db.query(readFileSync(join(__dirname, '../../migrations/097_sent_mail_secrets_hidden.sql'), 'utf8'));
    expect(await db.query('SELECT id, subject, html, text FROM rm.sent_mail WHERE id = ANY($1) ORDER BY id', [[v1, v2]])).toEqual(
      projected,
    );
    expect(JSON.stringify(projected)).not.toMatch(/QXRT7K2M|OldSecretToken/);

    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.parked).toBe(0);
    expect(Object.entries(result.differences ?? {}).filter(([, n]) => n > 0)).toEqual([]);
    expect(await db.query('SELECT id, subject, html, text FROM rm.sent_mail WHERE id = ANY($1) ORDER BY id', [[v1, v2]])).toEqual(
      projected,
    );
  }, 120_000);
});
