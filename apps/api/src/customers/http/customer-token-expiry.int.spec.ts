import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { codeOf, Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../testing/customer-helpers';

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
});
