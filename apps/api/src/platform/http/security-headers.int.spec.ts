import { startTestApp, TestApp } from '../../testing/test-app';

/** The headers every answer carries since helmet sends them; values as the hand-written hook sent. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-ancestors 'none';base-uri 'self';form-action 'self';object-src 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Parses a CSP into directive -> sources, so spacing after ';' does not matter. */
function directives(csp: string | null): Record<string, string> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
  );
}

describe('Security headers (helmet)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const paths = [
    '/api/health',
    '/api/products?limit=1',
    '/api/me',
    '/api/nope',
    '/api/orders/%2e%2e/x',
    '/',
    '/admin/',
    '/api/docs',
    '/robots.txt',
  ];
  it.each(paths)('should send every security header on %s, without banner or cross-origin resource policy', async (path) => {
    const res = await fetch(t.url + path);
    for (const [name, value] of Object.entries(EXPECTED)) {
      if (name === 'content-security-policy') expect(directives(res.headers.get(name))).toEqual(directives(value));
      else expect([name, res.headers.get(name)]).toEqual([name, value]);
    }
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Product images may still be shown by other origins (mail clients).
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull();
  });

  it('should answer personal /api reads with no-store and let public catalogue reads be cached', async () => {
    const token = await t.staffToken();
    const me = await t.request('GET', '/api/staff/me', { token });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${t.url}/api/me`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const hostile = await fetch(`${t.url}/api/orders/%252e%252e`);
    expect(hostile.status).toBe(400);
    expect(hostile.headers.get('cache-control')).toBe('no-store');
    const products = await fetch(`${t.url}/api/products?limit=1`);
    expect(products.headers.get('cache-control')).not.toBe('no-store');
  });

  it('should keep the same headers under a burst of concurrent requests', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`${t.url}${paths[i % paths.length]}`)));
    for (const res of answers) {
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toBe("'none'");
      await res.arrayBuffer();
    }
  });
});
