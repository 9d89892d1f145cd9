import { createHash } from 'crypto';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { EmailClaims } from '../email-claims';
import { codeOf, Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../../testing/customer-helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Customer tokens with short lifetimes (VERIFICATION_TTL_SECONDS, PASSWORD_RESET_TTL_SECONDS)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, VERIFICATION_TTL_SECONDS: '2', PASSWORD_RESET_TTL_SECONDS: '2' });
    box = new Mailbox(sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should refuse an expired verification code and link, and accept a fresh one', async () => {
    const email = 'late@example.com';
    const reg = await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
    const token = new URL(reg.body.verification_link).searchParams.get('token');
    const code = codeOf(await box.next(email, 'verify-email'));
    await sleep(2100);
    for (const secret of [code, token]) {
      const res = await t.request('POST', '/api/auth/verify-email', { body: { email, token: secret } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, detail: 'Invalid or expired verification token.' });
    }
    await t.request('POST', '/api/auth/resend-verification', { body: { email } });
    const fresh = codeOf(await box.next(email, 'verify-email'));
    expect((await t.request('POST', '/api/auth/verify-email', { body: { email, token: fresh } })).status).toBe(200);
  });

  it('should refuse an expired reset link', async () => {
    const email = await verifiedCustomer(t, box, 'slow.reset@example.com');
    await t.request('POST', '/api/auth/forgot-password', { body: { email } });
    const token = tokenOf(await box.next(email, 'password-reset'));
    await sleep(2100);
    const res = await t.request('POST', '/api/auth/reset-password', { body: { email, token, password: 'Late-Sapphire-88%' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/invalid, expired or already used/);
    expect((await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
  it('should keep only a keyed hash of a verification code in the log, so an export of it cannot be brute-forced', async () => {
    const email = 'keyed.code@example.com';
    await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
    const code = codeOf(await box.next(email, 'verify-email'));
    const staff = await t.staffToken();
    const customerId = await t.app.get(EmailClaims).owner(email);
    const exported = await fetch(`${t.url}/api/admin/audit/export?stream=customer-${customerId}`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    const text = await exported.text();
    expect(exported.status).toBe(200);
    // 8 characters of 32 symbols: a bare sha256 (what was kept before) would be found by trying all 2^40 codes.
    const bare = createHash('sha256').update(code).digest('hex');
    expect(text).toContain('"code_hash":"hmac:');
    expect(text).not.toContain(bare);
    const res = await t.request('POST', '/api/auth/verify-email', { body: { email, token: ` ${code.toLowerCase()} ` } });
    expect(res.status).toBe(200);
  });
});
