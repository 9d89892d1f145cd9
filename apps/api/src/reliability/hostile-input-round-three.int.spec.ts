import { expectEverythingProjected } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';

/**
 * Hostile input, round three: what the earlier suites (bad-input, unstorable-input, storable-commands,
 * attacks, security-round-two) did not reach. Dates the validator takes for ISO 8601 that are no instant,
 * bodies that are not UTF-8, and e-mail addresses a mailer reads as other recipients.
 */
describe('Hostile input, round three', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'desk@facet.test' });
    staff = await t.staffToken();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  describe('The event log filtered by time', () => {
    it.each([
      ['from', '2026-W01'],
      ['from', '2026-01-01T10'],
      ['to', '2026-366'],
      ['to', '2026-01-01T10:00:00,5Z'],
      ['from', '2026-02-30'],
      ['to', '0000-01-01'],
    ])('should refuse %s=%s (ISO 8601 to a lenient check, but no instant) with a 400 naming the field', async (field, value) => {
      const res = await t.request('GET', `/api/admin/audit/events?${field}=${encodeURIComponent(value)}`, { token: staff });
      expect({ status: res.status, detail: res.body?.detail }).toEqual({ status: 400, detail: expect.stringContaining(field) });
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });

    it('should still filter by a real date and date-time', async () => {
      const all = await t.request('GET', '/api/admin/audit/events?limit=100', { token: staff });
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThan(0);
      const since = await t.request('GET', '/api/admin/audit/events?from=2026-01-01&to=2099-12-31T23:59:59Z', { token: staff });
      expect(since.status).toBe(200);
      expect(since.body.total).toBe(all.body.total);
      const before = await t.request('GET', '/api/admin/audit/events?to=1999-12-31T23:59:59%2B01:00', { token: staff });
      expect({ status: before.status, total: before.body.total }).toEqual({ status: 200, total: 0 });
    });
  });

  it('should have projected everything these tests appended, and parked nothing', async () => {
    await expectEverythingProjected(t);
  });
});
