import { EVENT_STORE, EventStore } from '../event-store/event-store';
import { DatabaseService } from '../database/database.service';
import { Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TEST_ADMIN, TestApp, TestResponse } from '../../testing/test-app';

/**
 * Lockout that cannot lock out the owner (OWASP device cookies): wrong passwords from unknown clients lock
 * an account for unknown clients only; a browser that signed in to it before holds a signed device cookie,
 * passes that lockout and is limited on its own. Staff see locked accounts; an administrator lifts a lock.
 */
describe('Sign-in lockout with device cookies', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let ip = 0;
  /** A client address never seen before (TEST-NET-2). */
  const stranger = () => `198.51.${100 + Math.floor(++ip / 250)}.${ip % 250}`;

  const customerLogin = (email: string, password: string, cookie?: string) =>
    t.request('POST', '/api/auth/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': stranger(), ...(cookie ? { cookie } : {}) },
    });
  const staffLogin = (username: string, password: string, cookie?: string) =>
    t.request('POST', '/api/staff/login', {
      body: { username, password },
      headers: { 'x-forwarded-for': stranger(), ...(cookie ? { cookie } : {}) },
    });
  /** The `name=value` of a cookie the response set, to send back as a browser would. */
  const cookieFrom = (res: TestResponse, name: string): string => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    if (!set) throw new Error(`no ${name} cookie in ${res.status} ${JSON.stringify(res.headers.getSetCookie())}`);
    return set.split(';')[0];
  };
  /** The device cookie a browser gets by signing in to the account with the right password. */
  const ownersBrowser = async (email: string, password = PASSWORD) => {
    const res = await customerLogin(email, password);
    expect(res.status).toBe(200);
    return cookieFrom(res, 'facet_device');
  };
  /** Five wrong passwords from five unknown clients: the account is locked for unknown clients. */
  const lockForStrangers = async (attempt: (password: string) => Promise<TestResponse>) => {
    for (let i = 0; i < 5; i++) expect((await attempt(`Wrong-Guess-${i}!`)).status).toBe(401);
    expect((await attempt('Another-Wrong-1!')).status).toBe(429);
  };
  const statuses = (responses: TestResponse[]) => {
    const by: Record<number, number> = {};
    for (const r of responses) by[r.status] = (by[r.status] ?? 0) + 1;
    return by;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When strangers guess a customer’s password', () => {
    it('should lock unknown clients out, the owner too from a new browser, yet let the owner’s browser in with the right password', async () => {
      const email = await verifiedCustomer(t, box, 'owner@example.com');
      const device = await ownersBrowser(email);

      await lockForStrangers((password) => customerLogin(email, password));
      // Unknown clients keep today's limits, whoever they are.
      const newBrowser = await customerLogin(email, PASSWORD);
      expect(newBrowser.status).toBe(429);
      expect(Number(newBrowser.headers.get('retry-after'))).toBeGreaterThan(0);

      const owner = await customerLogin(email, PASSWORD, device);
      expect(owner.status).toBe(200);
      expect(owner.body.user.email).toBe(email);
      // The lock on unknown clients still holds: only the owner's browser got through.
      expect((await customerLogin(email, PASSWORD)).status).toBe(429);
    });

    it('should set the device cookie httpOnly, SameSite=Strict, only for the sign-in route, holding no e-mail', async () => {
      const email = await verifiedCustomer(t, box, 'cookie.attributes@example.com');
      const res = await customerLogin(email, PASSWORD);
      const set = res.headers.getSetCookie().find((c) => c.startsWith('facet_device='))!;
      expect(set).toMatch(/; HttpOnly/i);
      expect(set).toMatch(/; SameSite=Strict/i);
      expect(set).toMatch(/; Path=\/api\/auth\/login(;|$)/);
      expect(set).toMatch(/; Max-Age=\d{7,}/);
      expect(set.toLowerCase()).not.toContain('example');
      // Failures set none: only a right password makes a browser trusted.
      const wrong = await customerLogin(email, 'Not-The-Password-1!');
      expect(wrong.status).toBe(401);
      expect(wrong.headers.getSetCookie().some((c) => c.startsWith('facet_device='))).toBe(false);
    });
  });

  describe('When a browser with a device cookie guesses wrong', () => {
    it('should lock that device after 5 wrong passwords, on its own: unknown clients and the owner elsewhere still sign in', async () => {
      const email = await verifiedCustomer(t, box, 'fumbler@example.com');
      const device = await ownersBrowser(email);
      for (let i = 0; i < 5; i++) expect((await customerLogin(email, `Fumbled-${i}-Password!`, device)).status).toBe(401);
      // Its window is used up: even the right password from it waits.
      const locked = await customerLogin(email, PASSWORD, device);
      expect(locked.status).toBe(429);
      expect(locked.body.detail).toMatch(/Too many failed sign-in attempts/);
      // The device's failures are not the account's: another browser (unknown) still signs in.
      expect((await customerLogin(email, PASSWORD)).status).toBe(200);
    });

    it('should evaluate at most 5 of a concurrent burst of wrong passwords sent with one device cookie', async () => {
      const email = await verifiedCustomer(t, box, 'device.burst@example.com');
      const device = await ownersBrowser(email);
      const burst = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => customerLogin(email, `Burst-${i}-Wrong!`, device))));
      expect(burst[401] ?? 0).toBeLessThanOrEqual(5);
      expect(Object.keys(burst).sort()).toEqual(['401', '429']);
    });
  });

  describe('When the device cookie is not a genuine one for this login', () => {
    it('should count a forged, altered, other account’s or hostile device cookie as an unknown client', async () => {
      const email = await verifiedCustomer(t, box, 'target@example.com');
      const ownDevice = await ownersBrowser(email);
      const otherEmail = await verifiedCustomer(t, box, 'attacker@example.com');
      const attackersDevice = await ownersBrowser(otherEmail);
      await lockForStrangers((password) => customerLogin(email, password));

      const [name, value] = ownDevice.split('=');
      const [nonce, signature] = value.split('.');
      const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
      const forged = [
        attackersDevice, // genuine, but signed for another login
        `${name}=${nonce}.${flipped}`, // signature altered
        `${name}=${'A'.repeat(24)}.${signature}`, // another nonce under the owner's signature
        `${name}=${nonce}`, // no signature
        `${name}=${nonce}.${signature}\u0000`, // a NUL byte (fetch refuses a raw one in a header: sent encoded below)
        `${name}=${encodeURIComponent(`${nonce}.${signature}\u0000`)}`,
        `${name}=%ED%A0%80.${signature}`, // a lone surrogate, UTF-8 encoded
        `${name}=${'x'.repeat(3000)}`,
        `facet_staff_device=${value}`, // the right value under the console's name
      ];
      for (const cookie of forged) {
        let res: TestResponse;
        try {
          res = await customerLogin(email, PASSWORD, cookie);
        } catch {
          continue; // the client itself refuses to send it: nothing reaches the server
        }
        expect({ cookie: cookie.slice(0, 80), status: res.status }).toEqual({ cookie: cookie.slice(0, 80), status: 429 });
      }
      // The attacker's own genuine device cookie does not lift the lock on someone else's account...
      expect((await customerLogin(email, PASSWORD, attackersDevice)).status).toBe(429);
      // ...while the owner's does.
      expect((await customerLogin(email, PASSWORD, ownDevice)).status).toBe(200);
    });
  });

  describe('When a concurrent burst of wrong passwords comes from many unknown clients', () => {
    it('should evaluate at most 5 of them and still let the owner’s browser in', async () => {
      const email = await verifiedCustomer(t, box, 'burst.target@example.com');
      const device = await ownersBrowser(email);
      const burst = statuses(await Promise.all(Array.from({ length: 40 }, (_, i) => customerLogin(email, `Stranger-${i}-Guess!`))));
      expect(burst[401] ?? 0).toBeLessThanOrEqual(5);
      expect(burst[429]).toBeGreaterThanOrEqual(35);
      const [owner, again] = await Promise.all([customerLogin(email, PASSWORD, device), customerLogin(email, PASSWORD)]);
      expect(owner.status).toBe(200);
      expect(again.status).toBe(429);
    });
  });

  describe('When strangers guess the administrator’s console password', () => {
    it('should lock unknown clients out, yet let the administrator’s browser into the console', async () => {
      const first = await staffLogin(TEST_ADMIN.email, TEST_ADMIN.password);
      expect(first.status).toBe(200);
      const device = cookieFrom(first, 'facet_staff_device');
      expect(first.headers.getSetCookie().find((c) => c.startsWith('facet_staff_device='))).toMatch(/; Path=\/api\/staff\/login(;|$)/);

      await lockForStrangers((password) => staffLogin(TEST_ADMIN.email, password));
      expect((await staffLogin(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(429);
      const admin = await staffLogin(TEST_ADMIN.email, TEST_ADMIN.password, device);
      expect(admin.status).toBe(200);
      expect(admin.body.staff.role).toBe('admin');
      // A customer's device cookie under the console's name is no key to the console.
      const customerDevice = await ownersBrowser(await verifiedCustomer(t, box, 'not.staff@example.com'));
      const disguised = `facet_staff_device=${customerDevice.split('=')[1]}`;
      expect((await staffLogin(TEST_ADMIN.email, TEST_ADMIN.password, disguised)).status).toBe(429);
      await t.app.get(DatabaseService).query(`DELETE FROM public.attempt_windows WHERE key LIKE 'staff:%'`);
    });
  });

  describe('When the password changes', () => {
    it('should count a customer’s device cookie from before a password reset as an unknown client, and one from after as the owner’s', async () => {
      const email = await verifiedCustomer(t, box, 'reset.device@example.com');
      const before = await ownersBrowser(email);
      expect((await t.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
      const token = tokenOf(await box.next(email, 'password-reset'));
      const fresh = 'Emerald-Step-2031#';
      expect((await t.request('POST', '/api/auth/reset-password', { body: { email, token, password: fresh } })).status).toBe(200);
      const after = await ownersBrowser(email, fresh);

      await lockForStrangers((password) => customerLogin(email, password));
      // The browser that knew the old password is a stranger now, even with the new one.
      expect((await customerLogin(email, fresh, before)).status).toBe(429);
      expect((await customerLogin(email, fresh, after)).status).toBe(200);
    });

    it('should count a staff member’s device cookie from before a password change, or an administrator’s reset, as an unknown client', async () => {
      const admin = (await staffLogin(TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
      const login = 'rotating@facet.test';
      const first = 'Rotating-Garnet-2031!';
      const added = await t.request('POST', '/api/admin/staff', {
        token: admin,
        body: { email: login, name: 'Rota Ting', role: 'staff', password: first },
      });
      expect(added.status).toBe(201);
      const signedIn = await staffLogin(login, first);
      const original = cookieFrom(signedIn, 'facet_staff_device');

      // Their own change, with the current password.
      const second = 'Rotating-Topaz-2032!';
      const changed = await t.request('PUT', '/api/staff/me/password', {
        token: signedIn.body.token,
        body: { current_password: first, password: second },
      });
      expect(changed.status).toBe(200);
      const afterChange = cookieFrom(await staffLogin(login, second), 'facet_staff_device');
      // An administrator's reset.
      const third = 'Rotating-Beryl-2033!';
      expect(
        (await t.request('PUT', `/api/admin/staff/${added.body.id}/password`, { token: admin, body: { password: third } })).status,
      ).toBe(200);
      const afterReset = cookieFrom(await staffLogin(login, third), 'facet_staff_device');

      await lockForStrangers((password) => staffLogin(login, password));
      expect((await staffLogin(login, third, original)).status).toBe(429);
      expect((await staffLogin(login, third, afterChange)).status).toBe(429);
      expect((await staffLogin(login, third, afterReset)).status).toBe(200);
      await t.app.get(DatabaseService).query(`DELETE FROM public.attempt_windows WHERE key LIKE 'staff:%'`);
    });
  });

  describe('When staff look at locked accounts and an administrator lifts a lock', () => {
    let adminToken: string;
    let clerkToken: string;
    let clerkId: string;

    beforeAll(async () => {
      adminToken = (await staffLogin(TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
      const clerk = await t.request('POST', '/api/admin/staff', {
        token: adminToken,
        body: { email: 'clerk@facet.test', name: 'Clara Clerk', role: 'staff', password: 'Clerk-Sapphire-2031!' },
      });
      expect(clerk.status).toBe(201);
      clerkId = clerk.body.id;
      clerkToken = (await staffLogin('clerk@facet.test', 'Clerk-Sapphire-2031!')).body.token;
    });

    it('should list the locked customer and staff member with when their lock ends, to any staff member', async () => {
      const email = await verifiedCustomer(t, box, 'listed@example.com');
      await lockForStrangers((password) => customerLogin(email, password));
      const staffBrowser = cookieFrom(await staffLogin('clerk@facet.test', 'Clerk-Sapphire-2031!'), 'facet_staff_device');
      for (let i = 0; i < 5; i++) await staffLogin('clerk@facet.test', `Clerk-Wrong-${i}!`, staffBrowser);

      const res = await t.request('GET', '/api/admin/sign-in-locks', { token: clerkToken });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-total-count'))).toBe(res.body.total);
      const customer = res.body.items.find((l: any) => l.email === email);
      expect(customer).toMatchObject({ account: 'customer', unknown_clients: true, devices: 0 });
      expect(customer.id).toBe(`customer:${customer.account_id}`);
      expect(new Date(customer.locked_until).getTime()).toBeGreaterThan(Date.now());
      const clerk = res.body.items.find((l: any) => l.account_id === clerkId);
      expect(clerk).toMatchObject({ account: 'staff', email: 'clerk@facet.test', name: 'Clara Clerk', unknown_clients: false, devices: 1 });
      // An e-mail nobody has an account for is locked too, but there is no account to list.
      await lockForStrangers((password) => customerLogin('nobody.here@example.com', password));
      const again = await t.request('GET', '/api/admin/sign-in-locks?account=customer', { token: clerkToken });
      expect(again.body.items.every((l: any) => l.account === 'customer' && l.email !== '')).toBe(true);
      expect(again.body.items.map((l: any) => l.email)).toContain(email);
      // The table holds digests and ids only.
      const keys = await t.app
        .get(DatabaseService)
        .query<{ key: string; account_id: string | null }>('SELECT key, account_id FROM public.attempt_windows');
      expect(JSON.stringify(keys)).not.toMatch(/example\.com|facet\.test/);
    });

    it('should let an administrator lift a lock (recorded with who did it), refuse a plain staff member (403), and answer 404 when nothing is locked', async () => {
      const email = await verifiedCustomer(t, box, 'lifted@example.com');
      await lockForStrangers((password) => customerLogin(email, password));
      const lock = (await t.request('GET', '/api/admin/sign-in-locks', { token: adminToken })).body.items.find(
        (l: any) => l.email === email,
      );
      const path = `/api/admin/sign-in-locks/customer/${lock.account_id}`;

      const refused = await t.request('DELETE', path, { token: clerkToken });
      expect(refused.status).toBe(403);
      expect((await customerLogin(email, PASSWORD)).status).toBe(429);
      expect((await t.request('DELETE', path)).status).toBe(401);

      const lifted = await t.request('DELETE', path, { token: adminToken });
      expect(lifted.status).toBe(200);
      expect(lifted.body).toEqual({ success: true, message: 'Sign-in lock lifted' });
      expect((await customerLogin(email, PASSWORD)).status).toBe(200);
      const listed = (await t.request('GET', '/api/admin/sign-in-locks', { token: adminToken })).body.items;
      expect(listed.some((l: any) => l.email === email)).toBe(false);

      const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(`sign-in-lock-customer-${lock.account_id}`);
      expect(event.type).toBe('SignInLockLifted');
      expect(event.data).toEqual({ account: 'customer', account_id: lock.account_id, locked_until: lock.locked_until });
      expect(event.metadata.actor).toMatchObject({ type: 'staff' });
      expect((event.metadata.actor as { id?: string }).id).not.toBe(clerkId);

      const twice = await t.request('DELETE', path, { token: adminToken });
      expect(twice.status).toBe(404);
      expect(twice.body.detail).toMatch(/not locked/);
    });

    it('should answer every one of concurrent lifts of one lock (200 or 404) and leave the account unlocked', async () => {
      const email = await verifiedCustomer(t, box, 'lifted.twice@example.com');
      await lockForStrangers((password) => customerLogin(email, password));
      const lock = (await t.request('GET', '/api/admin/sign-in-locks', { token: adminToken })).body.items.find(
        (l: any) => l.email === email,
      );
      const path = `/api/admin/sign-in-locks/customer/${lock.account_id}`;
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.request('DELETE', path, { token: adminToken })));
      expect(answers.every((a) => a.status === 200 || a.status === 404)).toBe(true);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      expect((await customerLogin(email, PASSWORD)).status).toBe(200);
    });

    it('should refuse hostile route parameters and list filters without a 500', async () => {
      const uuid = '00000000-0000-4000-8000-000000000000';
      const paths = [
        `/api/admin/sign-in-locks/customer/${uuid}`, // nobody locked
        `/api/admin/sign-in-locks/staff/${uuid}`,
        `/api/admin/sign-in-locks/everyone/${uuid}`,
        `/api/admin/sign-in-locks/customer%00/${uuid}`,
        `/api/admin/sign-in-locks/customer/${uuid}%00`,
        `/api/admin/sign-in-locks/%ED%A0%80/${uuid}`, // a lone surrogate, UTF-8 encoded
        `/api/admin/sign-in-locks/customer/%ED%A0%80`,
        `/api/admin/sign-in-locks/customer/not-a-uuid`,
        `/api/admin/sign-in-locks/customer/${uuid}'%20OR%201=1--`,
        `/api/admin/sign-in-locks/customer/${'9'.repeat(99)}`,
      ];
      expect((await t.request('DELETE', paths[0], { token: adminToken })).status).toBe(404);
      for (const path of paths) {
        const res = await t.request('DELETE', path, { token: adminToken });
        // 404 (no such lock), or 400 where the router refuses a NUL or a malformed escape before the route.
        expect({ path, refused: [400, 404].includes(res.status) }).toEqual({ path, refused: true });
      }
      expect((await t.request('DELETE', `/api/admin/sign-in-locks/customer/${'9'.repeat(500)}`, { token: adminToken })).status).toBe(414);
      for (const query of [
        'page=0',
        'page=1e309',
        'page=99999999999999999999',
        'limit=-1',
        'limit=101',
        'limit=1.5',
        'account=everyone',
        'account=customer%00',
      ]) {
        const res = await t.request('GET', `/api/admin/sign-in-locks?${query}`, { token: adminToken });
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
      const far = await t.request('GET', '/api/admin/sign-in-locks?page=100000&limit=100', { token: adminToken });
      expect(far.status).toBe(200);
      expect(far.body.items).toEqual([]);
    });
  });
});
