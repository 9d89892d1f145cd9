import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { CODE_ALPHABET } from '../domain/customer-secrets';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_RULE_MESSAGE } from '../../platform/auth/password-policy';
import { codeOf, login, Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../../testing/customer-helpers';

const INVALID = 'Invalid or expired verification token.';
const USER_KEYS = ['address', 'email', 'emailVerified', 'firstName', 'id', 'lastName', 'phone', 'verifiedAt'];

describe('Customer accounts over HTTP', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let ip = 0;
  /** A fresh client address per test, so throttling in one test does not leak into another. */
  const from = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++ip / 250)}.${ip % 250}` });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When registering', () => {
    it('should refuse invalid e-mails, weak passwords and common breached passwords', async () => {
      const bad = await t.request('POST', '/api/auth/register', { body: { email: 'not-an-email', password: PASSWORD } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
      for (const weak of ['Sh0rt!a', 'alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12']) {
        const res = await t.request('POST', '/api/auth/register', { body: { email: 'weak@example.com', password: weak } });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ detail: PASSWORD_RULE_MESSAGE, errors: [{ field: 'password', message: PASSWORD_RULE_MESSAGE }] });
      }
      for (const common of ['Password1!', 'Welcome@2024', 'Qwerty123!', 'p@ssw0rD123!']) {
        const res = await t.request('POST', '/api/auth/register', { body: { email: 'common@example.com', password: common } });
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe(COMMON_PASSWORD_MESSAGE);
      }
      const unknownField = await t.request('POST', '/api/auth/register', {
        body: { email: 'x@example.com', password: PASSWORD, role: 'admin' },
      });
      expect(unknownField.status).toBe(400);
    });

    it('should lower-case the e-mail, answer the spec fields and mail an 8-character code and a link', async () => {
      const res = await t.request('POST', '/api/auth/register', {
        body: { email: 'Ada.Lovelace@Example.com', password: PASSWORD },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, requires_verification: true, email: 'ada.lovelace@example.com' });
      expect(typeof res.body.message).toBe('string');
      expect(res.body.verification_link).toMatch(
        /^http:\/\/localhost:3000\/verify-email\?email=ada\.lovelace%40example\.com&token=[\w-]{40,}$/,
      );
      expect(JSON.stringify(res.body)).not.toContain(PASSWORD);

      const mail = await box.next('ada.lovelace@example.com', 'verify-email');
      const code = codeOf(mail);
      expect(mail.text).toContain('expire in 24 hours');
      expect(code).toHaveLength(8);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
      expect(code).not.toMatch(/[01OI]/);
      expect(tokenOf(mail)).toBe(new URL(res.body.verification_link).searchParams.get('token'));
    });

    it('should tell an unverified e-mail apart from a verified one when registering again', async () => {
      const again = await t.request('POST', '/api/auth/register', { body: { email: 'ADA.LOVELACE@example.com', password: PASSWORD } });
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe('Email already registered but not verified. Please check your email for verification instructions.');

      await verifiedCustomer(t, box, 'grace@example.com');
      const linked = await t.request('POST', '/api/auth/register', { body: { email: 'Grace@Example.com', password: PASSWORD } });
      expect(linked.status).toBe(409);
      expect(linked.body.detail).toBe('Email already linked with an account. Please try logging in instead.');
    });

    it('should create one account when the same e-mail registers many times at once', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.request('POST', '/api/auth/register', { body: { email: 'race@example.com', password: PASSWORD } }),
        ),
      );
      // One account; the others are told it exists, or (past 5 sign-ups of one address in 15 minutes) to wait.
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toEqual([201]);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 409).length).toBeGreaterThanOrEqual(4);
      const { rows } = await t.app
        .get(require('../../platform/database/database.service').DatabaseService)
        .pool.query("SELECT count(*)::int AS n FROM rm.customers WHERE email = 'race@example.com'");
      expect(rows[0].n).toBe(1);
    });
  });

  describe('When verifying the e-mail', () => {
    it('should refuse sign-in until verified, accept the code typed in lower case once, and refuse it reused', async () => {
      const email = 'lin@example.com';
      await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const code = codeOf(await box.next(email, 'verify-email'));

      const early = await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: from() });
      expect(early.status).toBe(403);
      expect(early.body.detail).toMatch(/verify your email/i);

      const wrongCode = code === 'ABCDEFGH' ? 'HGFEDCBA' : 'ABCDEFGH';
      const wrong = await t.request('POST', '/api/auth/verify-email', { body: { email, token: wrongCode } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ success: false, detail: INVALID });

      const ok = await t.request('POST', '/api/auth/verify-email', { body: { email, token: code.toLowerCase() } });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);

      const reused = await t.request('POST', '/api/auth/verify-email', { body: { email, token: code } });
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ success: false, detail: INVALID });

      const session = await login(t, email, PASSWORD, from());
      const me = await t.request('GET', '/api/auth/session', { token: session });
      expect(me.body.user).toMatchObject({ email, emailVerified: true });
      expect(Date.parse(me.body.user.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('should verify with the link token too, and refuse unknown e-mails the same way', async () => {
      const email = 'link@example.com';
      const reg = await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const token = new URL(reg.body.verification_link).searchParams.get('token');
      const unknown = await t.request('POST', '/api/auth/verify-email', { body: { email: 'nobody@example.com', token } });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ success: false, detail: INVALID });
      const ok = await t.request('POST', '/api/auth/verify-email', { body: { email, token } });
      expect(ok.status).toBe(200);
      expect((await t.request('POST', '/api/auth/verify-email', { body: { email, token } })).status).toBe(400);
    });

    it('should resend a fresh code (the old one stops working) with the same answer whether or not the account exists', async () => {
      const email = 'resend@example.com';
      await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const first = codeOf(await box.next(email, 'verify-email'));
      const known = await t.request('POST', '/api/auth/resend-verification', { body: { email } });
      const unknown = await t.request('POST', '/api/auth/resend-verification', { body: { email: 'ghost@example.com' } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      const second = codeOf(await box.next(email, 'verify-email'));
      expect((await t.request('POST', '/api/auth/verify-email', { body: { email, token: first } })).status).toBe(
        first === second ? 200 : 400,
      );
      expect((await t.request('POST', '/api/auth/verify-email', { body: { email, code: second } })).status).toBe(200);
      // Verified: a resend answers the same and sends nothing.
      const after = await t.request('POST', '/api/auth/resend-verification', { body: { email } });
      expect(after.body).toEqual(known.body);
      expect(await box.none(email, 'verify-email')).toBe(true);
    });

    it('should limit mail requests per e-mail the same way whether or not the account exists', async () => {
      const email = 'flooded@example.com';
      await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      for (const target of [email, 'no.account@example.com']) {
        for (const route of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
          for (let i = 0; i < 5; i++)
            expect((await t.request('POST', route, { body: { email: target }, headers: from() })).status).toBe(200);
          const blocked = await t.request('POST', route, { body: { email: target }, headers: from() });
          expect(blocked.status).toBe(429);
          expect(blocked.body.detail).toMatch(/Too many requests for this email/);
        }
      }
    });

    it('should throttle guessing codes', async () => {
      const email = 'guess@example.com';
      await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const code = codeOf(await box.next(email, 'verify-email'));
      const headers = from();
      const wrong = code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
      for (let i = 0; i < 5; i++) {
        expect((await t.request('POST', '/api/auth/verify-email', { body: { email, token: wrong }, headers })).status).toBe(400);
      }
      const blocked = await t.request('POST', '/api/auth/verify-email', { body: { email, token: code }, headers });
      expect(blocked.status).toBe(429);
      expect(blocked.body.detail).toMatch(/Too many/);
    });
  });

  describe('When signing in and out', () => {
    const email = 'sign.in@example.com';
    beforeAll(async () => {
      await verifiedCustomer(t, box, email);
    });

    it("should answer the spec's messages for an unknown e-mail and a wrong password", async () => {
      const unknown = await t.request('POST', '/api/auth/login', {
        body: { email: 'who@example.com', password: PASSWORD },
        headers: from(),
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body.detail).toBe('User not found. Please check your email or register for a new account.');
      const wrong = await t.request('POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-9!' }, headers: from() });
      expect(wrong.status).toBe(401);
      expect(wrong.body.detail).toBe('Invalid password. Please try again.');
    });

    it("should set an httpOnly SameSite cookie, answer a bearer token and the spec's User without a password", async () => {
      const res = await t.request('POST', '/api/auth/login', {
        body: { email: 'Sign.In@Example.com', password: PASSWORD },
        headers: from(),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^facet_session=[\w-]+;/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(typeof res.body.token).toBe('string');
      expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
      expect(res.body.user.address).toEqual({ street: '', apartment: '', city: '', state: '', zipCode: '', country: 'US' });
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);

      const viaCookie = await t.request('GET', '/api/auth/session', { headers: { cookie: cookie.split(';')[0] } });
      expect(viaCookie.status).toBe(200);
      expect(viaCookie.body.user.email).toBe(email);
      expect((await t.request('GET', '/api/auth/session')).status).toBe(401);
    });

    it('should renew the session at login (revoking the old cookie) and revoke it at logout', async () => {
      const first = await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: from() });
      const oldCookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
      const second = await t.request('POST', '/api/auth/login', {
        body: { email, password: PASSWORD },
        headers: { ...from(), cookie: oldCookie },
      });
      expect(second.status).toBe(200);
      const newCookie = (second.headers.get('set-cookie') ?? '').split(';')[0];
      expect(newCookie).not.toBe(oldCookie);
      expect((await t.request('GET', '/api/auth/session', { headers: { cookie: oldCookie } })).status).toBe(401);
      expect((await t.request('GET', '/api/auth/session', { headers: { cookie: newCookie } })).status).toBe(200);

      // A cookie-authenticated write without X-Requested-With is refused (CSRF).
      const csrf = await fetch(`${t.url}/api/auth/logout`, { method: 'POST', headers: { cookie: newCookie } });
      expect(csrf.status).toBe(403);
      const out = await t.request('POST', '/api/auth/logout', { headers: { cookie: newCookie } });
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/facet_session=;/);
      expect((await t.request('GET', '/api/auth/session', { headers: { cookie: newCookie } })).status).toBe(401);
    });

    it('should throttle failed sign-ins per account, even with the right password afterwards', async () => {
      const victim = await verifiedCustomer(t, box, 'victim@example.com');
      for (let i = 0; i < 5; i++) {
        const res = await t.request('POST', '/api/auth/login', { body: { email: victim, password: `Wrong-${i}-Pass!` }, headers: from() });
        expect(res.status).toBe(401);
      }
      const blocked = await t.request('POST', '/api/auth/login', { body: { email: victim, password: PASSWORD }, headers: from() });
      expect(blocked.status).toBe(429);
      expect(blocked.body.detail).toMatch(/Too many failed sign-in attempts/);
      // The first window is a minute long; later ones double.
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });

    it('should throttle failed sign-ins per address across accounts', async () => {
      const headers = from();
      for (let i = 0; i < 30; i++) {
        const res = await t.request('POST', '/api/auth/login', { body: { email: `spray${i}@example.com`, password: PASSWORD }, headers });
        expect(res.status).toBe(401);
      }
      const blocked = await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers });
      expect(blocked.status).toBe(429);
      // Another address is unaffected.
      expect((await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: from() })).status).toBe(200);
    });
  });

  describe('When resetting a forgotten password', () => {
    const email = 'forgetful@example.com';
    const NEW_PASSWORD = 'Emerald-Step-2031#';
    const ANSWER = "If an account exists with this email, you'll receive reset instructions.";

    it('should answer the same whatever the outcome', async () => {
      await verifiedCustomer(t, box, email);
      const known = await t.request('POST', '/api/auth/forgot-password', { body: { email } });
      const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'nope@example.com' } });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ success: true, message: ANSWER });
      expect(unknown.body).toEqual(known.body);
      expect(await box.none('nope@example.com', 'password-reset', 0)).toBe(true);
    });

    it('should set the new password with the mailed token once, and end the old sessions', async () => {
      const before = await login(t, email, PASSWORD, from());
      const resetMail = await box.next(email, 'password-reset');
      expect(resetMail.text).toContain('within 1 hour');
      expect(resetMail.text).toContain('/reset-password?email=forgetful%40example.com&token=');
      const token = tokenOf(resetMail);
      const wrong = await t.request('POST', '/api/auth/reset-password', { body: { email, token: 'x'.repeat(43), password: NEW_PASSWORD } });
      expect(wrong.status).toBe(400);
      const weak = await t.request('POST', '/api/auth/reset-password', { body: { email, token, password: 'weak' } });
      expect(weak.status).toBe(400);
      expect(weak.body.errors[0].field).toBe('password');

      const ok = await t.request('POST', '/api/auth/reset-password', { body: { email, token, password: NEW_PASSWORD } });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      expect((await t.request('GET', '/api/auth/session', { token: before })).status).toBe(401);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: from() })).status).toBe(401);
      await login(t, email, NEW_PASSWORD, from());

      const reused = await t.request('POST', '/api/auth/reset-password', { body: { email, token, password: 'Another-Pass-77$' } });
      expect(reused.status).toBe(400);
      await login(t, email, NEW_PASSWORD, from());
    });
  });

  describe('When editing the profile', () => {
    let token: string;
    beforeAll(async () => {
      token = await login(t, await verifiedCustomer(t, box, 'profile@example.com'), PASSWORD, from());
    });

    it('should need a customer session', async () => {
      expect((await t.request('GET', '/api/me')).status).toBe(401);
      expect((await t.request('GET', '/api/me', { token: await t.staffToken() })).status).toBe(403);
    });

    it('should merge fields, default the country to US, and answer the User', async () => {
      const res = await t.request('PUT', '/api/me', {
        token,
        body: {
          firstName: ' Ada ',
          lastName: 'Lovelace',
          phone: '+1 (555) 010-2000',
          address: { street: '12 Analytical Way', city: 'New York', state: 'NY', zipCode: '10001' },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        email: 'profile@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+1 (555) 010-2000',
        address: { street: '12 Analytical Way', apartment: '', city: 'New York', state: 'NY', zipCode: '10001', country: 'US' },
        emailVerified: true,
      });
      const partial = await t.request('PUT', '/api/me', { token, body: { address: { apartment: '4B', country: '' } } });
      expect(partial.body.address).toMatchObject({ street: '12 Analytical Way', apartment: '4B', country: 'US' });
      expect(partial.body.firstName).toBe('Ada');
      expect((await t.request('GET', '/api/me', { token })).body).toEqual(partial.body);
    });

    it('should refuse unknown fields, a bad phone and changing the e-mail with 400', async () => {
      for (const body of [
        { nickname: 'x' },
        { email: 'new@example.com' },
        { phone: 'call me' },
        { address: { planet: 'Mars' } },
        { firstName: 42 },
      ]) {
        const res = await t.request('PUT', '/api/me', { token, body });
        expect(res.status).toBe(400);
        expect(res.body.errors.length).toBeGreaterThan(0);
      }
    });
  });

  describe('When a customer deletes the account', () => {
    it('should end the sessions, remove the record and free the e-mail', async () => {
      const email = await verifiedCustomer(t, box, 'leaving@example.com');
      const a = await login(t, email, PASSWORD, from());
      const b = await login(t, email, PASSWORD, from());
      const res = await t.request('DELETE', '/api/me', { token: a });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect((await t.request('GET', '/api/auth/session', { token: a })).status).toBe(401);
      expect((await t.request('GET', '/api/me', { token: b })).status).toBe(401);
      const admin = await t.staffToken();
      const list = await t.request('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`, { token: admin });
      expect(list.body.total).toBe(0);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: from() })).status).toBe(401);
      const again = await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      expect(again.status).toBe(201);
    });
  });

  describe('When staff look at the customer database', () => {
    it('should filter by status and search, page with a total, and show one customer', async () => {
      const admin = await t.staffToken();
      const verified = await t.request('GET', '/api/admin/customers?status=Verified&limit=100', { token: admin });
      expect(verified.status).toBe(200);
      expect(verified.body.items.length).toBeGreaterThan(0);
      expect(verified.body.items.every((c: any) => c.status === 'Verified' && c.verified_at)).toBe(true);
      expect(Object.keys(verified.body.items[0]).sort()).toEqual(
        ['created_at', 'email', 'firstName', 'id', 'lastName', 'phone', 'status', 'verified_at'].sort(),
      );
      const pending = await t.request('GET', '/api/admin/customers?status=Pending%20Verification&limit=100', { token: admin });
      expect(pending.body.items.every((c: any) => c.status === 'Pending Verification' && c.verified_at === null)).toBe(true);
      expect(pending.body.items.map((c: any) => c.email)).toContain('ada.lovelace@example.com');

      const all = await t.request('GET', '/api/admin/customers', { token: admin });
      expect(all.body).toMatchObject({ page: 1, limit: 25 });
      expect(all.headers.get('x-total-count')).toBe(String(all.body.total));
      expect(all.body.total).toBe(verified.body.total + pending.body.total);
      const page2 = await t.request('GET', '/api/admin/customers?limit=2&page=2&sort=email&order=asc', { token: admin });
      const emails = (await t.request('GET', '/api/admin/customers?limit=100&sort=email&order=asc', { token: admin })).body.items.map(
        (c: any) => c.email,
      );
      expect(page2.body.items.map((c: any) => c.email)).toEqual(emails.slice(2, 4));

      const found = await t.request('GET', '/api/admin/customers?q=ADA.LOVELACE', { token: admin });
      expect(found.body.items.map((c: any) => c.email)).toEqual(['ada.lovelace@example.com']);
      const one = await t.request('GET', `/api/admin/customers/${found.body.items[0].id}`, { token: admin });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ email: 'ada.lovelace@example.com', status: 'Pending Verification', address: { country: 'US' } });
      expect((await t.request('GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(404);
      expect((await t.request('GET', '/api/admin/customers?status=Gold', { token: admin })).status).toBe(400);
      expect((await t.request('GET', '/api/admin/customers?limit=101', { token: admin })).status).toBe(400);
      expect((await t.request('GET', '/api/admin/customers?sort=password_hash', { token: admin })).status).toBe(400);
    });

    it('should let an admin delete a customer, ending their sessions', async () => {
      const email = await verifiedCustomer(t, box, 'removed.by.admin@example.com');
      const session = await login(t, email, PASSWORD, from());
      const admin = await t.staffToken();
      const id = (await t.request('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`, { token: admin })).body.items[0].id;
      const res = await t.request('DELETE', `/api/admin/customers/${id}`, { token: admin });
      expect(res.status).toBe(200);
      expect((await t.request('GET', `/api/admin/customers/${id}`, { token: admin })).status).toBe(404);
      expect((await t.request('GET', '/api/auth/session', { token: session })).status).toBe(401);
      expect((await t.request('DELETE', `/api/admin/customers/${id}`, { token: admin })).status).toBe(404);
    });
  });

  describe('When looking at what is stored', () => {
    it('should keep passwords, tokens and codes out of the log (hashes only, the code keyed)', async () => {
      const email = 'secrets@example.com';
      const reg = await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const token = new URL(reg.body.verification_link).searchParams.get('token') as string;
      const code = codeOf(await box.next(email, 'verify-email'));
      await t.request('POST', '/api/auth/forgot-password', { body: { email } });
      const resetToken = tokenOf(await box.next(email, 'password-reset'));
      const { rows } = await t.app
        .get(require('../../platform/database/database.service').DatabaseService)
        .pool.query(
          `SELECT event_type AS type, data::text AS data, metadata::text AS metadata FROM public.es_events WHERE event_type LIKE 'Customer%'`,
        );
      const log = rows.map((r: any) => `${r.type} ${r.data} ${r.metadata}`).join('\n');
      expect(log).toContain('CustomerVerificationIssued');
      for (const secret of [PASSWORD, token, code, resetToken, email]) expect(log).not.toContain(secret);
      const { createHash } = require('crypto');
      expect(log).toContain(createHash('sha256').update(token).digest('hex'));
      // The code (40 bits) only as an HMAC under the customer's key: a bare sha256 could be brute-forced.
      expect(log).not.toContain(createHash('sha256').update(code).digest('hex'));
      expect(log).toMatch(/"code_hash": "hmac:[0-9a-f]{64}"/);
    });
  });
});
