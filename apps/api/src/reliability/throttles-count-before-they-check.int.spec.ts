import { priceOrderInDollars } from '@facet/contracts';
import { DatabaseService } from '../platform/database/database.service';
import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'crypto';
import { DEFAULT_ORDER_THROTTLE, DEFAULT_STOCK_HOLD_CAP_PER_CLIENT } from '../platform/config/config';
import { shippingBody } from '../testing/request-bodies';
import { AddStaffMemberCommand } from '../staff/commands/add-staff-member.command';
import { codeOf, Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp, TestResponse } from '../testing/test-app';

/**
 * Throttles count before they check: bursts of concurrent guesses evaluate at most the limit (5), the rest
 * get 429 before any password, code or token is compared; the owner gets back in after the window or a reset.
 */
const LIMIT = 5;
const BURST = 50;

describe('Throttles under concurrent guessing', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let ip = 0;
  const addr = () => `198.51.${Math.floor(++ip / 250)}.${ip % 250}`;

  const count = (responses: TestResponse[]) => {
    const by: Record<number, number> = {};
    for (const r of responses) by[r.status] = (by[r.status] ?? 0) + 1;
    return by;
  };
  /** Ends every open window, as if its time had passed. */
  const windowsPass = () => t.app.get(DatabaseService).query(`UPDATE public.attempt_windows SET window_ends = now() - interval '1 second'`);

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The order throttle and the stock-hold cap as a shop runs them (startTestApp lifts them for other specs).
    t = await startTestApp({
      SMTP_URL: sink.url,
      ORDER_THROTTLE_PER_CLIENT: String(DEFAULT_ORDER_THROTTLE.perClient),
      ORDER_THROTTLE_PER_SHOPPER: String(DEFAULT_ORDER_THROTTLE.perShopper),
      ORDER_THROTTLE_WINDOW_SECONDS: String(DEFAULT_ORDER_THROTTLE.windowSeconds),
      STOCK_HOLD_CAP_PER_CLIENT: String(DEFAULT_STOCK_HOLD_CAP_PER_CLIENT),
    });
    box = new Mailbox(sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When guessing a staff password', () => {
    it('should evaluate at most 5 of 50 concurrent wrong passwords from 50 addresses, refuse the right one past the limit, and let the owner in after the window', async () => {
      await t.app.get(CommandBus).execute(new AddStaffMemberCommand('clerk@facet.test', 'Clara Clerk', 'staff', 'Clerk-Password-1985!'));
      const attempt = (password: string, from = addr()) =>
        t.request('POST', '/api/staff/login', { body: { username: 'clerk@facet.test', password }, headers: { 'x-forwarded-for': from } });

      const first = count(await Promise.all(Array.from({ length: BURST }, (_, i) => attempt(`Wrong-${i}-Password!`))));
      console.log('staff login: 50 concurrent wrong passwords ->', first);
      expect(first[401] ?? 0).toBeLessThanOrEqual(LIMIT);
      expect(first[429]).toBeGreaterThanOrEqual(BURST - LIMIT);
      expect(Object.keys(first).sort()).toEqual(['401', '429']);

      // The right password inside the next burst: the window is used up, so it is refused like the guesses.
      const second = await Promise.all([
        attempt('Clerk-Password-1985!'),
        ...Array.from({ length: 20 }, (_, i) => attempt(`Again-${i}-Wrong!`)),
      ]);
      expect(second[0].status).toBe(429);
      expect(Number(second[0].headers.get('retry-after'))).toBeGreaterThan(0);
      expect(second.every((r) => r.status === 429)).toBe(true);

      await windowsPass();
      expect((await attempt('Clerk-Password-1985!')).status).toBe(200);
    });

    it('should never accept more than the limit when the right password is mixed into the burst', async () => {
      await t.app.get(CommandBus).execute(new AddStaffMemberCommand('mixed@facet.test', 'Mo Mixed', 'staff', 'Mixed-Password-1985!'));
      const burst = Array.from({ length: BURST + 1 }, (_, i) =>
        t.request('POST', '/api/staff/login', {
          body: { username: 'mixed@facet.test', password: i === 25 ? 'Mixed-Password-1985!' : `Wrong-${i}-Password!` },
          headers: { 'x-forwarded-for': addr() },
        }),
      );
      const results = await Promise.all(burst);
      const by = count(results);
      console.log('staff login: 50 wrong + the right password in one burst ->', by, 'right password:', results[25].status);
      expect((by[401] ?? 0) + (by[200] ?? 0)).toBeLessThanOrEqual(LIMIT);
      expect([200, 429]).toContain(results[25].status);
    });
  });

  describe('When guessing a customer password', () => {
    it('should evaluate at most 5 of 50 concurrent wrong passwords from one address; a reset lets the owner in at once', async () => {
      const email = await verifiedCustomer(t, box, 'burst.owner@example.com');
      const from = addr();
      const login = (password: string, at = from) =>
        t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': at } });
      const by = count(await Promise.all(Array.from({ length: BURST }, (_, i) => login(`Wrong-${i}-Password!`))));
      console.log('customer login: 50 concurrent wrong passwords ->', by);
      expect(by[401] ?? 0).toBeLessThanOrEqual(LIMIT);
      expect(by[429]).toBeGreaterThanOrEqual(BURST - LIMIT);
      // The owner, from home, is held by the account's window too...
      const blocked = await login(PASSWORD, addr());
      expect(blocked.status).toBe(429);
      expect(blocked.body.detail).toMatch(/reset your password/);
      // ...but can always reset the password, and then sign in at once.
      expect(
        (await t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': addr() } })).status,
      ).toBe(200);
      const token = tokenOf(await box.next(email, 'password-reset'));
      const home = addr();
      const reset = await t.request('POST', '/api/auth/reset-password', {
        body: { email, token, password: 'Emerald-Step-2031#' },
        headers: { 'x-forwarded-for': home },
      });
      expect(reset.status).toBe(200);
      expect((await login('Emerald-Step-2031#', home)).status).toBe(200);
    });
  });

  describe('When guessing a verification code', () => {
    it('should evaluate at most 5 of 50 concurrent wrong codes, and refuse the right code past the limit until the window passes', async () => {
      const email = 'code.burst@example.com';
      await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const code = codeOf(await box.next(email, 'verify-email'));
      const wrong = code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
      const verify = (secret: string) =>
        t.request('POST', '/api/auth/verify-email', { body: { email, code: secret }, headers: { 'x-forwarded-for': addr() } });
      const by = count(await Promise.all(Array.from({ length: BURST }, () => verify(wrong))));
      console.log('verification: 50 concurrent wrong codes ->', by);
      expect(by[400] ?? 0).toBeLessThanOrEqual(LIMIT);
      expect(by[429]).toBeGreaterThanOrEqual(BURST - LIMIT);
      expect((await verify(code)).status).toBe(429);
      await windowsPass();
      expect((await verify(code)).status).toBe(200);
    });
  });

  describe('When guessing a reset token', () => {
    it('should evaluate at most 5 of 50 concurrent wrong tokens from one address, while the owner elsewhere still resets', async () => {
      const email = await verifiedCustomer(t, box, 'reset.burst@example.com');
      const attacker = addr();
      const reset = (token: string, at: string) =>
        t.request('POST', '/api/auth/reset-password', {
          body: { email, token, password: 'Sapphire-Row-2032#' },
          headers: { 'x-forwarded-for': at },
        });
      const by = count(await Promise.all(Array.from({ length: BURST }, (_, i) => reset(`guess-${i}-${'x'.repeat(30)}`, attacker))));
      console.log('password reset: 50 concurrent wrong tokens ->', by);
      expect(by[400] ?? 0).toBeLessThanOrEqual(LIMIT);
      expect(by[429]).toBeGreaterThanOrEqual(BURST - LIMIT);
      await t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': addr() } });
      const token = tokenOf(await box.next(email, 'password-reset'));
      // The attacker's address is still refused, even with the real token...
      expect((await reset(token, attacker)).status).toBe(429);
      // ...the owner's is not.
      expect((await reset(token, addr())).status).toBe(200);
    });
  });

  describe('When one client tries to hoard the stock of a piece', () => {
    /** A ring of 30 units in one stocked size, and an order of `quantity` of it as the storefront sends it. */
    async function stockedRing(stock: number) {
      const token = await t.staffToken();
      const created = await t.request('POST', '/api/admin/products', {
        token,
        body: {
          name: `Hoarded Ring ${randomBytes(3).toString('hex')}`,
          price: 100,
          category: 'women-rings',
          options: [{ name: 'size', values: ['6'] }],
          variants: [{ options: { size: '6' }, stock, is_default: true }],
        },
      });
      expect(created.status).toBe(201);
      const shown = await t.request('GET', `/api/products/${created.body.id}`);
      return { id: created.body.id as string, name: shown.body.name as string, variantId: shown.body.variants[0].id as string };
    }
    const body = (p: { id: string; name: string; variantId: string }, quantity: number, email: string, card = true) => ({
      items: [{ product_id: p.id, product_name: p.name, price: 100, quantity, variant_id: p.variantId }],
      shipping: shippingBody({ email }),
      total: priceOrderInDollars([{ price: 100, quantity }]).total,
      ...(card
        ? { payment: { card_name: 'Eve Hoarder', last_4: '4242' }, status: 'pending', payment_status: 'unpaid' }
        : { payment: { card_name: '', last_4: '' }, status: 'consultation_requested', payment_status: 'pending_consultation' }),
    });
    const available = async (variantId: string) =>
      (await t.request('GET', `/api/admin/inventory/variants/${variantId}`, { token: await t.staffToken() })).body;

    it('should throttle a burst of orders from one client (new e-mail, spoofed X-Forwarded-For and cookies each time), cap its held units, and still sell a unit to a real buyer', async () => {
      const ring = await stockedRing(30);
      // Behind the trusted proxy (loopback) the last hop is the one the proxy saw: 203.0.113.66 is the attacker,
      // whatever it writes before it. Each order: a new e-mail, a made-up forwarded address, a made-up cookie.
      const attack = (i: number, quantity = 10, card = true) =>
        t.request('POST', '/api/orders', {
          body: body(ring, quantity, `hoarder.${i}.${randomBytes(2).toString('hex')}@example.com`, card),
          headers: {
            'x-forwarded-for': `10.${i % 250}.${(i * 7) % 250}.${(i * 13) % 250}, 203.0.113.66`,
            cookie: `facet_order_access=${randomBytes(16).toString('hex')}; facet_session=${randomBytes(16).toString('hex')}`,
          },
        });
      const burst = await Promise.all(Array.from({ length: 112 }, (_, i) => attack(i)));
      const by = count(burst);
      console.log('orders: 112 concurrent from one client, 10 units each ->', by);
      expect(Object.keys(by).every((s) => ['200', '409', '429'].includes(s))).toBe(true);
      // The throttle evaluated at most its limit, and said when to come back.
      expect((by[200] ?? 0) + (by[409] ?? 0)).toBeLessThanOrEqual(DEFAULT_ORDER_THROTTLE.perClient);
      const refused = burst.find((r) => r.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.detail).toMatch(/^Too many orders from this connection or for this shopper\. Please try again in \d+ minutes?/);
      // Of those, the units one client may hold unpaid: one order of 10; the rest were told the limit.
      expect(by[200]).toBe(1);
      expect(burst.find((r) => r.status === 409)?.body.detail).toMatch(/^One shopper can hold at most 10 of Hoarded Ring/);
      expect((await available(ring.variantId)).reserved).toBe(10);

      // A real buyer elsewhere gets a unit.
      const buyer = await t.request('POST', '/api/orders', {
        body: body(ring, 1, 'real.buyer@example.com'),
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      expect(buyer.status).toBe(200);
      expect(await available(ring.variantId)).toMatchObject({ reserved: 11, available: 19 });
    });

    it('should count a consultation request against the same cap, and an IPv6 client by its /64', async () => {
      const ring = await stockedRing(30);
      const from = (i: number) => ({ 'x-forwarded-for': `2001:db8:49:7::${(i + 1).toString(16)}` });
      const first = await t.request('POST', '/api/orders', { body: body(ring, 6, 'six.a@example.com', false), headers: from(0) });
      expect(first.status).toBe(200);
      const second = await t.request('POST', '/api/orders', { body: body(ring, 5, 'six.b@example.com'), headers: from(1) });
      expect(second.status).toBe(409);
      expect(second.body.detail).toBe(
        `One shopper can hold at most 10 of ${ring.name} (Size 6) in orders not yet paid. Your orders not yet paid already hold 6; you can add 4 more.`,
      );
      const third = await t.request('POST', '/api/orders', { body: body(ring, 4, 'six.c@example.com'), headers: from(2) });
      expect(third.status).toBe(200);
      expect((await available(ring.variantId)).reserved).toBe(10);
    });
  });

  describe('When asking for mails or writing to the shop', () => {
    it('should send at most 5 of 50 concurrent resend requests and 5 of 50 contact messages', async () => {
      const email = 'resend.burst@example.com';
      await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD } });
      const resend = count(
        await Promise.all(
          Array.from({ length: BURST }, () =>
            t.request('POST', '/api/auth/resend-verification', { body: { email }, headers: { 'x-forwarded-for': addr() } }),
          ),
        ),
      );
      console.log('resend verification: 50 concurrent ->', resend);
      expect(resend[200]).toBeLessThanOrEqual(LIMIT);
      expect(resend[429]).toBeGreaterThanOrEqual(BURST - LIMIT);

      const from = addr();
      const contact = count(
        await Promise.all(
          Array.from({ length: BURST }, (_, i) =>
            t.request('POST', '/api/contact', {
              body: { name: 'Burst', email: `burst${i}@example.com`, subject: 'Hello', message: 'Hello' },
              headers: { 'x-forwarded-for': from },
            }),
          ),
        ),
      );
      console.log('contact: 50 concurrent from one address ->', contact);
      expect(contact[201]).toBeLessThanOrEqual(LIMIT);
      expect(contact[429]).toBeGreaterThanOrEqual(BURST - LIMIT);
    });

    it('should register at most 30 of 40 concurrent sign-ups from one address, mail only those, and let another address sign up', async () => {
      const from = addr();
      const emails = Array.from({ length: 40 }, (_, i) => `signup.burst${i}@example.com`);
      const responses = await Promise.all(
        emails.map((email) =>
          t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD }, headers: { 'x-forwarded-for': from } }),
        ),
      );
      console.log('sign-up: 40 concurrent from one address ->', count(responses));
      expect(count(responses)).toEqual({ 201: 30, 429: 10 });
      expect(responses.find((r) => r.status === 429)?.body.detail).toMatch(/^Too many requests for this email\. Please wait \d+ minutes?/);
      const elsewhere = await t.request('POST', '/api/auth/register', {
        body: { email: 'signup.elsewhere@example.com', password: PASSWORD },
        headers: { 'x-forwarded-for': addr() },
      });
      expect(elsewhere.status).toBe(201);
      // Only the accepted sign-ups were mailed: the refused ones are no accounts and got nothing.
      const accepted = emails.filter((_, i) => responses[i].status === 201);
      for (const email of accepted) await box.next(email, 'verify-email');
      const refused = emails.filter((_, i) => responses[i].status === 429);
      for (const email of refused) expect(sink.messages.some((m) => m.to.includes(email))).toBe(false);
    });

    it('should answer hostile account names with 400 or 401, never 500, and keep no name in the table', async () => {
      for (const username of ['nul\u0000@facet.test', 'lone\ud800@facet.test', 'x'.repeat(254), "' OR 1=1 --"]) {
        const res = await t.request('POST', '/api/staff/login', {
          body: { username, password: 'Whatever-1985!' },
          headers: { 'x-forwarded-for': addr() },
        });
        expect([400, 401]).toContain(res.status);
      }
      const keys = await t.app.get(DatabaseService).query<{ key: string }>('SELECT key FROM public.attempt_windows');
      expect(keys.length).toBeGreaterThan(0);
      for (const { key } of keys) expect(key).toMatch(/^[a-z-]+:(acct|ip):[0-9a-f]{40}$/);
    });
  });
});
