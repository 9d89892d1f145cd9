import { request as httpRequest } from 'http';
import { hostilePath } from './security-headers';
import { login, Mailbox, verifiedCustomer } from '../../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';

/** Raw HTTP, so `..` reaches the server as typed (fetch would resolve it away). */
function rawGet(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the HTTP edge promises every part: personal answers never cached, path parameters kept in their place, a design image in its own sandbox. */
describe('Personal answers uncached, path parameters in place', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let staff: string;
  let products: any[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
    staff = await t.staffToken();
    await t.app.get(CatalogSeeder).seedIfEmpty();
    products = (await t.request('GET', '/api/products?limit=20&sort_by=price-low')).body.products.filter((p: any) => p.in_stock);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When a response carries personal data', () => {
    it('should say Cache-Control: no-store on /api/me, orders, admin and auth answers, and not on the public catalogue', async () => {
      const email = await verifiedCustomer(t, box, 'cache@example.com');
      const token = await login(t, email);
      for (const [path, auth] of [
        ['/api/me', token],
        ['/api/orders/mine', token],
        ['/api/auth/session', token],
        ['/api/admin/orders', staff],
        ['/api/admin/customers', staff],
        ['/api/staff/me', staff],
      ] as const) {
        const res = await t.request('GET', path, { token: auth });
        expect(`${path} ${res.status} ${res.headers.get('cache-control')}`).toBe(`${path} 200 no-store`);
      }
      const failed = await t.request('POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-1!' } });
      expect(failed.headers.get('cache-control')).toBe('no-store');
      expect((await t.request('GET', '/api/products?limit=1')).headers.get('cache-control')).not.toBe('no-store');
    });
  });

  describe('When a path parameter climbs out of its place', () => {
    it('should refuse .. and its encoded and double-encoded forms in every path parameter with 400', async () => {
      const id = products[0].id;
      const attempts = [
        '/api/media/../../etc/passwd',
        '/api/media/..%2f..%2fetc%2fpasswd',
        '/api/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/api/media/%252e%252e%252fetc',
        '/api/media/..%5c..%5cwindows',
        '/api/products/%2e%2e',
        `/api/products/${id}%2f..`,
        '/api/categories/%2E%2E',
        '/api/admin/orders/..%252f',
        '/api/audit/streams/order-1%2f..%2f..',
        '/api/payments/sessions/%2e',
        '/api/media/%ff%fe',
        '/api/media/a%00b.png',
      ];
      const statuses: string[] = [];
      for (const path of attempts) {
        const res = await rawGet(t.url, path, { authorization: `Bearer ${staff}` });
        statuses.push(`${path} ${res.status}`);
        expect(`${path} ${res.status}`).toBe(`${path} 400`);
        expect(JSON.parse(res.body).detail).toMatch(/not allowed|malformed/);
      }
      // Ordinary values pass.
      expect((await t.request('GET', `/api/products/${id}`)).status).toBe(200);
      expect(hostilePath('/api/products?q=..')).toBe(false);
      expect(hostilePath('/api/media/photo.v2.png')).toBe(false);
    });
  });

  describe('When staff open a custom design image', () => {
    it('should keep the sandbox policy of its own, not the global one', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
      const design = await t.request('POST', '/api/custom-design', {
        body: {
          category: 'women',
          jewelry_type: 'women-rings',
          diamond_shape: 'oval',
          diamond_size: '1-1.5',
          metal_type: 'rose-gold',
          metal_karat: '14K',
          design_image: `data:image/png;base64,${png.toString('base64')}`,
          design_notes: null,
          contact_name: 'Ada',
          contact_email: 'ada@example.com',
          contact_phone: null,
          preferred_contact: 'email',
        },
      });
      expect(design.status).toBe(201);
      const image = await t.request('GET', `/api/admin/custom-designs/${design.body.id}/image`, { token: staff });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      expect((await t.request('GET', '/api/products?limit=1')).headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    });
  });
});
