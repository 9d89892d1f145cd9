import { Client } from 'pg';
import { keepTrying } from '../reliability/support/keep-trying';
import { Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../testing/customer-helpers';
import { expectEverythingProjected } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp, TestResponse } from '../testing/test-app';

/**
 * A password reset ends every session the old password made, even one a sign-in was making while the reset ran
 * (each sign-in reads the credentials, spends an argon2 check, then makes a session: the race's window).
 */
describe('A password reset ends the sessions of the old password', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let ip = 0;
  const addr = () => `203.0.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When a sign-in with the old password races a password reset', () => {
    it('should leave no session made with the old password alive once the reset has answered', async () => {
      const email = await verifiedCustomer(t, box, 'raced.reset@example.com');
      let password = PASSWORD;
      const survivors: string[] = [];
      let made = 0;
      for (let round = 0; round < 4; round++) {
        const old = password;
        const next = `Emerald-Step-${2031 + round}#`;
        // The attacker knows the old password and signs in continuously (successes give their slot back).
        const attacker = keepTrying(
          () => t.request('POST', '/api/auth/login', { body: { email, password: old }, headers: { 'x-forwarded-for': addr() } }),
          3,
        );
        // The racing side's head start: the race is the point, so a pause, not a condition.
        await new Promise((r) => setTimeout(r, 150));
        expect(
          (await t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': addr() } })).status,
        ).toBe(200);
        const token = tokenOf(await box.next(email, 'password-reset'));
        const reset = await t.request('POST', '/api/auth/reset-password', {
          body: { email, token, password: next },
          headers: { 'x-forwarded-for': addr() },
        });
        expect(reset.status).toBe(200);
        const seen = await attacker.stop();
        for (const r of seen) expect([200, 401]).toContain(r.status);
        const tokens = seen.filter((r) => r.status === 200).map((r) => r.body.token as string);
        made += tokens.length;
        for (const session of tokens) {
          if ((await t.request('GET', '/api/auth/session', { token: session })).status !== 401) survivors.push(session);
        }
        password = next;
      }
      console.log(
        `password reset x4 under continuous sign-ins with the old password: ${made} sessions made, ${survivors.length} alive after`,
      );
      expect(survivors).toEqual([]);
      // The owner's new password works.
      expect(
        (await t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': addr() } })).status,
      ).toBe(200);
    }, 120_000);
  });

  describe('When the sessions table is locked while the owner resets the password', () => {
    it('should end the sessions made with the old password once the lock is released, though the reset answered 503', async () => {
      const email = await verifiedCustomer(t, box, 'locked.sessions@example.com');
      const stolen = (
        await t.request('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': addr() } })
      ).body.token as string;
      await t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': addr() } });
      const token = tokenOf(await box.next(email, 'password-reset'));

      const locker = new Client({ connectionString: t.db.url });
      await locker.connect();
      let reset: TestResponse;
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE public.sessions IN ACCESS EXCLUSIVE MODE');
        reset = await t.request('POST', '/api/auth/reset-password', {
          body: { email, token, password: 'Emerald-Step-2041#' },
          headers: { 'x-forwarded-for': addr() },
        });
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      console.log(`password reset with public.sessions locked: ${reset.status} ${JSON.stringify(reset.body?.detail ?? '')}`);
      // Recorded or not, it answered without hanging; a 503 must not leave the half it did not do undone.
      expect([200, 503]).toContain(reset.status);
      await expectEverythingProjected(t);
      const stillIn = await t.request('GET', '/api/auth/session', { token: stolen });
      const newPassword = await t.request('POST', '/api/auth/login', {
        body: { email, password: 'Emerald-Step-2041#' },
        headers: { 'x-forwarded-for': addr() },
      });
      if (newPassword.status === 200) {
        // The password did change: the session made with the old one must be over.
        expect(stillIn.status).toBe(401);
      } else {
        // Nothing changed: the owner's token still works for a second try.
        const again = await t.request('POST', '/api/auth/reset-password', {
          body: { email, token, password: 'Emerald-Step-2041#' },
          headers: { 'x-forwarded-for': addr() },
        });
        expect(again.status).toBe(200);
        expect((await t.request('GET', '/api/auth/session', { token: stolen })).status).toBe(401);
      }
    }, 60_000);
  });
});
