import { randomBytes } from 'crypto';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { placeCardOrder, waitUntil } from '../../testing/card-orders';
import { madeToOrder } from '../../testing/made-to-order';
import { freePort } from '../../testing/built-shop';
import { startTestApp, TestApp } from '../../testing/test-app';
import { MetricsService } from './metrics.service';

/** One sample of a scrape: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// A value is Go's float syntax, which Prometheus parses case-insensitively: prom-client writes NaN as "Nan" (the
// event loop's lag mean before its first sample).
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Nn]a[Nn]|\+Inf|-Inf))(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;

/**
 * Parses Prometheus's text exposition format (0.0.4) strictly: every line empty, a HELP, a TYPE or a sample, each
 * sample's family declared by a TYPE first, no family declared twice. Throws on the first line that is not.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const lines = text.split('\n');
  expect(lines.pop()).toBe(''); // ends with a line feed
  for (const line of lines) {
    if (line === '' || line.startsWith('# HELP ')) continue; // the format ignores empty lines
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      if (types.has(type[1])) throw new Error(`family ${type[1]} declared twice`);
      types.set(type[1], type[2]);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${JSON.stringify(line.slice(0, 200))}`);
    const family = [...types.keys()].find((f) => m[1] === f || new RegExp(`^${f}_(bucket|sum|count|total|created)$`).test(m[1]));
    if (!family) throw new Error(`sample ${m[1]} before its TYPE`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3].replace('+Inf', 'Infinity')) });
  }
  return { samples, types };
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);

const ORIGIN = 'http://shop.test';

describe('/metrics (Prometheus)', () => {
  describe('in development: open on the shop port', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ PAYMENT_POLL_INTERVAL_MS: '150', PUBLIC_ORIGINS: ORIGIN });
      await t.app.get(CatalogSeeder).seedIfEmpty();
    });
    afterAll(async () => {
      await t.close();
    });

    const scrape = async () => {
      const res = await fetch(`${t.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      return parseExposition(await res.text());
    };

    it('should answer the text format with every named metric, and move them when an order is placed', async () => {
      const before = await scrape();
      const types = Object.fromEntries(before.types);
      expect(types).toMatchObject({
        facet_http_request_duration_seconds: 'histogram',
        facet_events_appended_total: 'counter',
        facet_events_parked_total: 'counter',
        facet_consumer_events_behind: 'gauge',
        facet_consumer_lag_seconds: 'gauge',
        facet_consumer_parked_events: 'gauge',
        facet_queue_jobs: 'gauge',
        facet_queue_jobs_processed_total: 'counter',
        facet_pg_pool_connections: 'gauge',
        facet_pg_pool_max_connections: 'gauge',
        // Node's defaults
        process_cpu_user_seconds_total: 'counter',
        process_resident_memory_bytes: 'gauge',
        nodejs_eventloop_lag_seconds: 'gauge',
        nodejs_heap_size_used_bytes: 'gauge',
      });
      // Every projection and reactor, with its lag and parked count.
      const consumers = before.samples.filter((s) => s.name === 'facet_consumer_parked_events');
      expect(consumers.some((s) => s.labels.kind === 'projection' && s.labels.consumer === 'orders')).toBe(true);
      expect(consumers.some((s) => s.labels.kind === 'reactor')).toBe(true);
      expect(before.samples.filter((s) => s.name === 'facet_pg_pool_connections').map((s) => `${s.labels.pool}/${s.labels.state}`)).toEqual(
        expect.arrayContaining(['requests/total', 'requests/idle', 'requests/waiting', 'pipeline/total']),
      );

      const listed: { id: string; name: string; price: number }[] = (await t.request('GET', '/api/products?limit=100&sort_by=price-low'))
        .body.products;
      const [product] = await madeToOrder(t, listed);
      const orders = () => sum(before.samples, 'facet_events_appended_total', { type: 'OrderRequested' });
      const { orderId, cookie } = await placeCardOrder(t, product, 'metrics@example.com');
      // Paid on the sandbox's hosted page: the poll job records it, and the receipt goes out as a mail job.
      const session = await t.request('POST', '/api/payments/checkout/session', {
        headers: { cookie },
        body: { origin_url: ORIGIN, order_id: orderId },
      });
      expect(session.status).toBe(200);
      const paid = await fetch(`${t.url}/api/payments/sandbox/checkout/${session.body.session_id}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'pay', name: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123' }),
      });
      expect(paid.status).toBe(303);
      let after = await scrape();
      await waitUntil(async () => {
        after = await scrape();
        // A mail sent, and the payment recorded by its poll job: the order's confirmation may go out before the poll runs.
        return (
          sum(after.samples, 'facet_queue_jobs_processed_total', { queue: 'mail', outcome: 'completed' }) >= 1 &&
          sum(after.samples, 'facet_queue_jobs_processed_total', { queue: 'payment-poll' }) > 0 &&
          sum(after.samples, 'facet_events_appended_total', { type: 'PaymentSucceeded' }) >= 1
        );
      }, 30_000);
      expect(sum(after.samples, 'facet_queue_jobs_processed_total', { queue: 'payment-poll' })).toBeGreaterThan(0);
      expect(sum(after.samples, 'facet_events_appended_total', { type: 'PaymentSucceeded' })).toBe(1);
      expect(sum(after.samples, 'facet_events_appended_total', { type: 'OrderRequested' })).toBe(orders() + 1);
      const posted = {
        name: 'facet_http_request_duration_seconds_count',
        labels: { method: 'POST', route: '/api/orders', status_code: '200' },
      };
      expect(sum(after.samples, posted.name, posted.labels)).toBe(sum(before.samples, posted.name, posted.labels) + 1);
      // The mail queue is there, its depth by state.
      expect(after.samples.some((s) => s.name === 'facet_queue_jobs' && s.labels.queue === 'mail' && s.labels.state === 'waiting')).toBe(
        true,
      );
      // Its answer is a scrape of its own: timed too, by its route.
      expect(sum(after.samples, 'facet_http_request_duration_seconds_count', { route: '/metrics' })).toBeGreaterThan(0);
    });

    it('should keep the request histogram to its routes under 5,000 hostile paths', async () => {
      const series = (s: Sample[]) =>
        new Set(s.filter((x) => x.name === 'facet_http_request_duration_seconds_count').map((x) => JSON.stringify(x.labels)));
      const before = series((await scrape()).samples);
      const marker = `h${randomBytes(4).toString('hex')}`;
      const hostile = (i: number): { method: string; path: string } => {
        const r = `${marker}${i}${randomBytes(6).toString('hex')}`;
        const paths = [
          `/api/${r}`,
          `/api/orders/${r}`,
          `/api/products/${r}?q=${r}`,
          `/api/${r}/${'x'.repeat(i % 300)}`,
          `/api/%00${r}`,
          `/api/${encodeURIComponent('é💎' + r)}`,
          `/assets/${r}.js`,
          `/admin/assets/${r}.css`,
          `/api/orders/${r}/../../${r}`,
          `//${r}//api/%ZZ${r}`,
        ];
        const methods = ['GET', 'GET', 'POST', 'DELETE', 'PATCH', 'PROPFIND', 'HEAD'];
        // Now and then a page (rendered on the server: ten times the cost of the others).
        const path = i % 50 === 0 ? `/metrics/${r}` : paths[i % paths.length];
        return { method: methods[i % methods.length], path };
      };
      const total = 5000;
      let next = 0;
      const statuses = new Map<number, number>();
      // Straight into Fastify (inject): the same routing and hooks as a socket, paths exactly as written (fetch
      // would normalise the dot segments and percent escapes), without the sockets.
      const fastify = t.app.getHttpAdapter().getInstance();
      const worker = async () => {
        while (next < total) {
          const { method, path } = hostile(next++);
          const res = await fastify.inject({ method: method as 'GET', url: path, headers: { 'x-requested-with': 'facet' } });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      };
      const started = Date.now();
      await Promise.all(Array.from({ length: 16 }, worker));
      console.log(`5,000 hostile requests in ${Date.now() - started} ms: ${JSON.stringify(Object.fromEntries(statuses))}`);
      const res = await fetch(`${t.url}/metrics`);
      const text = await res.text();
      const after = series(parseExposition(text).samples);
      const added = [...after].filter((s) => !before.has(s));
      console.log(`series added by them: ${added.length} (${text.length} bytes scraped)`);
      expect(text).not.toContain(marker);
      expect(added.length).toBeLessThanOrEqual(40);
      for (const labels of added) {
        const { method, route } = JSON.parse(labels) as Record<string, string>;
        expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']).toContain(method);
        expect(route === 'unmatched' || route.startsWith('/')).toBe(true);
      }
    }, 240_000);
  });

  describe('in production', () => {
    const token = randomBytes(24).toString('hex');
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ NODE_ENV: 'production', METRICS_TOKEN: token, PRIVACY_SECRET: randomBytes(24).toString('hex') });
    });
    afterAll(async () => {
      await t.close();
    });

    it('should answer 401 without the token, with a wrong one of any length, and 200 with it', async () => {
      const wrong = [
        undefined,
        '',
        // The same length, its last character changed (the old construction left a token ending in "0" whole: 1 run in 16).
        `Bearer ${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`,
        `Bearer ${token.slice(0, 10)}`,
        `Bearer ${token}x`,
        `Basic ${Buffer.from(`x:${token}`).toString('base64')}`,
        token,
        `Bearer  ${token}`,
      ];
      for (const authorization of wrong) {
        const res = await fetch(`${t.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
        const body = await res.text();
        expect([authorization, res.status]).toEqual([authorization, 401]);
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(body).not.toContain('facet_');
      }
      const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(parseExposition(await res.text()).types.get('facet_http_request_duration_seconds')).toBe('histogram');
    });
  });

  describe('on METRICS_PORT', () => {
    const token = randomBytes(24).toString('hex');
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      t = await startTestApp({
        NODE_ENV: 'production',
        METRICS_PORT: String(port),
        METRICS_TOKEN: token,
        PRIVACY_SECRET: randomBytes(24).toString('hex'),
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('should serve /metrics there only, with the token, and not on the shop port', async () => {
      expect(t.app.get(MetricsService).portAddress).toBe(port);
      const onShop = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(onShop.status).toBe(404);
      await onShop.arrayBuffer();
      const there = `http://127.0.0.1:${port}`;
      const refused = await fetch(`${there}/metrics`);
      expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="metrics"']);
      await refused.arrayBuffer();
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/api/health'],
        ['POST', '/metrics'],
        ['GET', '/metrics/../api/orders'],
      ]) {
        const other = await fetch(`${there}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
        expect([method, path, other.status]).toEqual([method, path, 404]);
        await other.arrayBuffer();
      }
      const res = await fetch(`${there}/metrics?x=1`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const { types } = parseExposition(await res.text());
      expect(types.get('facet_consumer_lag_seconds')).toBe('gauge');
    });
  });
});
