import { randomUUID } from 'crypto';
import { startTestApp, TestApp } from '../../testing/test-app';
import { AllowedMethods } from './allowed-methods';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A path that exists but not for this method answers 405 with Allow; a path that does not exist, 404. */
describe('405 Method Not Allowed', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await (await fetch(`${t.url}/api/docs-json`)).json()) as typeof doc;
  });
  afterAll(() => t.close());

  const send = (method: string, path: string) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'facet' },
      body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    });

  it('should answer every undocumented method of every documented path with 405 and the documented methods in Allow', async () => {
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const path = template.replace(/\{[^}]+\}/g, () => randomUUID());
      const documented = Object.keys(item)
        .map((m) => m.toUpperCase())
        .filter((m) => METHODS.includes(m));
      const expected = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      for (const method of METHODS.filter((m) => !documented.includes(m))) {
        const res = await send(method, path);
        expect({ template, method, status: res.status }).toEqual({ template, method, status: 405 });
        expect({ template, allow: res.headers.get('allow') }).toEqual({ template, allow: expected.join(', ') });
        expect(await res.json()).toEqual({ detail: `${method} is not allowed here; this path takes ${expected.join(', ')}.` });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('should answer 405 with the query string and a trailing slash too, and HEAD, OPTIONS, TRACE and PROPFIND alike', async () => {
    for (const path of ['/api/orders?x=1', '/api/orders/', '/api/orders/?a=b&c']) {
      const res = await send('DELETE', path);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    for (const method of ['HEAD', 'OPTIONS']) {
      const res = await fetch(`${t.url}/api/orders`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    // Methods fetch will not send (TRACE would echo headers back; PROPFIND is WebDAV's): 405 as well, never 200.
    const { request } = await import('http');
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
        const req = request(`${t.url}/api/products`, { method }, (res) => {
          res.resume();
          resolve({ status: res.statusCode, allow: res.headers.allow });
        });
        req.on('error', reject);
        req.end();
      });
      expect({ method, ...answer }).toEqual({ method, status: 405, allow: 'GET, HEAD' });
    }
  });

  it('should keep 404 for paths no route takes, for any method, and for pages outside /api', async () => {
    for (const path of ['/api/nothing', '/api/orders/x/y/z', '/api/productsx', `/api/products/${randomUUID()}/nothing`]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await send(method, path);
        expect({ path, method, status: res.status }).toEqual({ path, method, status: 404 });
        expect(res.headers.get('allow')).toBeNull();
        expect(await res.json()).toEqual({ detail: 'Resource not found' });
      }
    }
    // A parameter over the router's length limit reaches no route even with the right method: not a 405.
    const long = await send('GET', `/api/products/${'a'.repeat(300)}`);
    expect([404, 414]).toContain(long.status);
    expect(long.headers.get('allow')).toBeNull();
    // A controller's own 404 (a product that does not exist) stays a 404.
    expect((await send('GET', `/api/products/${randomUUID()}`)).status).toBe(404);
  });

  it('should turn route templates into patterns that match one segment per parameter', () => {
    const p = AllowedMethods.patternOf('/api/orders/:id/status');
    expect(p.test('/api/orders/abc/status')).toBe(true);
    expect(p.test('/api/orders/abc/status/')).toBe(true);
    expect(p.test('/api/orders/a/b/status')).toBe(false);
    expect(p.test('/api/orders//status')).toBe(false);
    expect(AllowedMethods.patternOf('/api/media/*').test('/api/media/a/b.png')).toBe(true);
    expect(AllowedMethods.patternOf('/api/a.b').test('/api/aXb')).toBe(false);
  });
});
