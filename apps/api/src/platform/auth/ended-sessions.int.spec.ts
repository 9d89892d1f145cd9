import { connect } from 'net';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { login, Mailbox, PASSWORD, verifiedCustomer } from '../../testing/customer-helpers';
import { contactBody, orderBody } from '../../testing/request-bodies';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TEST_ADMIN, TestApp } from '../../testing/test-app';
import { DatabaseService } from '../database/database.service';
import { SESSION_ENDED_MESSAGE } from '../domain/errors';

/** A request written byte by byte, so the Authorization header can hold what fetch and Node's client refuse to send. */
function rawStatus(url: string, method: string, path: string, authorization: Buffer): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname);
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    const head = `${method} ${path} HTTP/1.1\r\nHost: ${u.host}\r\nConnection: close\r\nX-Requested-With: facet\r\nContent-Length: 0\r\nAuthorization: `;
    // write, not end: a half-closed socket may be dropped before the answer; Connection: close ends it after.
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), authorization, Buffer.from('\r\n\r\n', 'latin1')]));
  });
}

describe('A bearer token that has ended is refused, not taken for no session', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let product: any;
  let email: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
    await t.conformance(); // from here on every answer is checked against /api/docs-json, 401s included
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=50')).body.products.find((p: any) => p.in_stock);
    email = await verifiedCustomer(t, box, 'ended.session@example.com');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /**
   * The orders the read model holds for a shipping address, once a guest order placed now (to another address)
   * is in it: the projection takes orders in the log's order, so every order recorded before is in it too.
   */
  const ordersTo = async (address: string) => {
    const db = t.app.get(DatabaseService);
    const marker = `marker.${Date.now()}@example.com`;
    expect((await t.request('POST', '/api/orders', { body: orderBody(product, { email: marker }) })).status).toBe(200);
    const query = () => db.one(`SELECT count(*)::int AS n, count(customer_id)::int AS mine FROM rm.orders WHERE email = $1`, [address]);
    for (let waited = 0; waited < 10_000; waited += 50) {
      if ((await db.one<any>(`SELECT count(*)::int AS n FROM rm.orders WHERE email = $1`, [marker])).n === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return (await query()) as { n: number; mine: number };
  };

  it('should refuse an order sent with a revoked token instead of placing it as a guest order', async () => {
    const to = 'revoked.order@example.com';
    const token = await login(t, email);
    expect((await t.request('POST', '/api/orders', { token, body: orderBody(product, { email: to }) })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(200);

    const refused = await t.request('POST', '/api/orders', { token, body: orderBody(product, { email: to }) });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(SESSION_ENDED_MESSAGE);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="facet", error="invalid_token"');
    // Without any token the same order is a guest's, as it always was.
    expect((await t.request('POST', '/api/orders', { body: orderBody(product, { email: to }) })).status).toBe(200);
    // Two orders, not three: the customer's and the guest's.
    expect(await ordersTo(to)).toEqual({ n: 2, mine: 1 });
  });

  it('should refuse an expired token on public reads and writes alike, and say when none was sent', async () => {
    const token = await login(t, email);
    await t.app
      .get(DatabaseService)
      .query(`UPDATE public.sessions SET expires_at = now() - interval '1 second' WHERE subject_id IS NOT NULL`);
    for (const [method, path, body] of [
      ['GET', '/api/products?limit=1', undefined],
      ['GET', `/api/products/${product.id}`, undefined],
      ['POST', '/api/contact', contactBody()],
      ['GET', '/api/me', undefined],
      ['GET', '/api/admin/orders', undefined],
    ] as const) {
      const res = await t.request(method, path, { token, body });
      expect({ path, status: res.status, detail: res.body.detail }).toEqual({ path, status: 401, detail: SESSION_ENDED_MESSAGE });
      expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    }
    expect((await t.request('GET', '/api/products?limit=1')).status).toBe(200);
    const none = await t.request('GET', '/api/me');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="facet"');
  });

  it('should let a client still holding an ended token sign in and out', async () => {
    const ended = await login(t, email);
    expect((await t.request('POST', '/api/auth/logout', { token: ended })).status).toBe(200);
    const again = await t.request('POST', '/api/auth/login', { token: ended, body: { email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { token: ended })).status).toBe(200);
    const staff = await t.staffToken();
    expect((await t.request('POST', '/api/staff/logout', { token: staff })).status).toBe(200);
    const staffAgain = await t.request('POST', '/api/staff/login', {
      token: staff,
      body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(staffAgain.status).toBe(200);
  });

  it('should treat an ended session cookie as no session: a browser keeps sending it', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'facet' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = String(res.headers.get('set-cookie')).split(';')[0];
    await t.request('POST', '/api/auth/logout', { headers: { cookie } });
    const read = await t.request('GET', '/api/products?limit=1', { headers: { cookie } });
    expect(read.status).toBe(200);
    const order = await t.request('POST', '/api/orders', { headers: { cookie }, body: orderBody(product, { email }) });
    expect(order.status).toBe(200);
  });

  it('should answer 401, never 500, for tokens no session was ever made with', async () => {
    const odd = [
      '',
      ' ',
      'null',
      'undefined',
      'x'.repeat(201),
      'x'.repeat(8000),
      'a\u0000b',
      '\u00ff\u00fe',
      "' OR 1=1 --",
      '%00',
      '{"$ne":null}',
    ];
    for (const token of odd) {
      const status = await rawStatus(t.url, 'GET', '/api/products?limit=1', Buffer.from(`Bearer ${token}`, 'latin1'));
      // A NUL in a header is refused by the HTTP parser itself (400); every other token reaches the guard.
      expect({ token: token.slice(0, 20), status }).toEqual({ token: token.slice(0, 20), status: token.includes('\u0000') ? 400 : 401 });
    }
    // Lone surrogate halves as UTF-8 bytes (ED A0 80), and invalid UTF-8.
    for (const bytes of [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc3, 0x28]), Buffer.from([0xf4, 0x90, 0x80, 0x80])]) {
      const status = await rawStatus(t.url, 'POST', '/api/auth/logout', Buffer.concat([Buffer.from('Bearer '), bytes]));
      expect([200, 403]).toContain(status);
      expect(await rawStatus(t.url, 'GET', '/api/categories', Buffer.concat([Buffer.from('Bearer '), bytes]))).toBe(401);
    }
    // Other schemes are not bearer tokens: the request goes on as a guest's.
    expect((await t.request('GET', '/api/products?limit=1', { headers: { authorization: 'Basic YWRhOmFkYQ==' } })).status).toBe(200);
  });

  it('should refuse a burst of orders on a token revoked halfway, each either placed for the customer or refused', async () => {
    const to = 'revoked.burst@example.com';
    const token = await login(t, email);
    const sends = Array.from({ length: 30 }, (_, i) =>
      (async () => {
        if (i === 15) await t.request('POST', '/api/auth/logout', { token });
        return t.request('POST', '/api/orders', { token, body: orderBody(product, { email: to }) });
      })(),
    );
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    for (const s of statuses) expect([200, 401]).toContain(s);
    expect(statuses).toContain(401);
    // Every order placed is the customer's: none became a guest order with their address.
    const placed = statuses.filter((s) => s === 200).length;
    expect(await ordersTo(to)).toEqual({ n: placed, mine: placed });
    expect((await t.conformance()).violations).toEqual([]);
  });
});
