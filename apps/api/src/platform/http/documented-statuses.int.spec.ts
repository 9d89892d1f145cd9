import { login, Mailbox, PASSWORD, tokenOf, verifiedCustomer } from '../../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp, TestResponse } from '../../testing/test-app';

/**
 * Statuses the red team saw undocumented: every response here is checked against the OpenAPI document (strict in
 * tests), and the document itself must list them, since a burst need not hit the race every time.
 */
describe('Statuses of races and of the cookie rule are documented', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let doc: any;
  let ip = 0;
  const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` });
  const statuses = (rs: TestResponse[]) => [...new Set(rs.map((r) => r.status))].sort();
  const documented = (method: string, path: string) => Object.keys(doc.paths[path][method].responses);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
    doc = await (await fetch(`${t.url}/api/docs-json`)).json();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should document 403 for a write signed in by cookie without X-Requested-With, on public routes too', async () => {
    const email = await verifiedCustomer(t, box, 'cookie.writer@example.com');
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'facet' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = String(res.headers.get('set-cookie')).split(';')[0];
    const refused = await t.request('POST', '/api/auth/logout', { headers: { cookie, 'x-requested-with': '' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/X-Requested-With/);
    expect(documented('post', '/api/auth/logout')).toContain('403');
    expect(doc.paths['/api/auth/logout'].post.responses['403'].description).toMatch(/X-Requested-With/);
    expect(doc.paths['/api/me'].put.responses['403'].description).toMatch(/X-Requested-With/);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of ['post', 'put', 'delete', 'patch'])
        if (item[method]) expect({ path, method, has: documented(method, path).includes('403') }).toEqual({ path, method, has: true });
    }
  });

  it('should document 409 for two profile saves at once', async () => {
    const token = await login(t, await verifiedCustomer(t, box, 'two.saves@example.com'));
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request('PUT', '/api/me', { token, body: { firstName: `U${i}` } })),
    );
    for (const s of statuses(rs)) expect([200, 409]).toContain(s);
    expect(documented('put', '/api/me')).toContain('409');
  });

  it('should document 409 for verifications and resets at once', async () => {
    const email = 'racing.verify@example.com';
    expect((await t.request('POST', '/api/auth/register', { body: { email, password: PASSWORD }, headers: from() })).status).toBe(201);
    const token = tokenOf(await box.next(email, 'verify-email'));
    const verified = await Promise.all(
      Array.from({ length: 8 }, () => t.request('POST', '/api/auth/verify-email', { body: { email, token } })),
    );
    expect(verified.some((r) => r.status === 200)).toBe(true);
    for (const s of statuses(verified)) expect([200, 400, 409, 429]).toContain(s);
    expect(documented('post', '/api/auth/verify-email')).toContain('409');

    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: from() })).status).toBe(200);
    const reset = tokenOf(await box.next(email, 'password-reset'));
    const resets = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', '/api/auth/reset-password', {
          body: { email, token: reset, password: `New-Password-1985!${i}` },
          headers: from(),
        }),
      ),
    );
    expect(resets.filter((r) => r.status === 200)).toHaveLength(1);
    for (const s of statuses(resets)) expect([200, 400, 409, 429]).toContain(s);
    expect(documented('post', '/api/auth/reset-password')).toContain('409');
  });

  it('should document 409 for a contact message marked handled by several staff at once', async () => {
    const sent = await t.request('POST', '/api/contact', {
      body: { name: 'Una', email: 'una@example.com', subject: 'Ring sizes', message: 'Do you resize rings?' },
      headers: from(),
    });
    expect(sent.status).toBe(201);
    const staff = await t.staffToken();
    const id = (await t.request('GET', '/api/admin/messages?limit=1', { token: staff })).body.items[0].id;
    const rs = await Promise.all(
      Array.from({ length: 10 }, () => t.request('PUT', `/api/admin/messages/${id}`, { token: staff, body: { status: 'handled' } })),
    );
    for (const s of statuses(rs)) expect([200, 409]).toContain(s);
    expect(documented('put', '/api/admin/messages/{id}')).toContain('409');
  });
});
