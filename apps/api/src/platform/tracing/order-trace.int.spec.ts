import { priceOrderInDollars } from '@facet/contracts';
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { createServer, IncomingMessage, Server } from 'http';
import { tmpdir } from 'os';
import { join } from 'path';
import { gunzipSync } from 'zlib';
import { freePort, REPO_ROOT } from '../../testing/built-shop';
import { orderAccessCookie, waitUntil } from '../../testing/card-orders';
import { madeToOrderAt } from '../../testing/made-to-order';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';

/** A span as an OTLP/JSON export carries it (ids in hex). */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  links?: { traceId: string; spanId: string }[];
  attributes?: { key: string; value: Record<string, unknown> }[];
  resource: Record<string, unknown>;
}

const SPAN_KIND_SERVER = 2;

/** An OTLP/HTTP receiver for traces (JSON), in this process: keeps every span it is sent. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ExportedSpan[]; requests: number; close(): Promise<void> }> {
  const received = { spans: [] as ExportedSpan[], requests: 0 };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.requests++;
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        res.writeHead(415).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const doc = JSON.parse(body.toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: Record<string, unknown> }[] };
          scopeSpans: { spans: ExportedSpan[] }[];
        }[];
      };
      for (const rs of doc.resourceSpans) {
        const resource = Object.fromEntries(rs.resource.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
        for (const ss of rs.scopeSpans) for (const span of ss.spans) received.spans.push({ ...span, resource });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get spans() {
      return received.spans;
    },
    get requests() {
      return received.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The shop from its TypeScript sources, as `npm start` runs the build: main.ts in a process of its own, compiled
 * on load with swc and the build's options (.swcrc), so tracing starts before fastify, pg and ioredis load.
 */
function startShopFromSources(env: Record<string, string>): ChildProcess {
  const bootstrap = `
    const Module = require('module');
    const { dirname, resolve: resolvePath } = require('path');
    const { existsSync, readFileSync } = require('fs');
    const swc = require(${JSON.stringify(require.resolve('@swc/core'))});
    const { sourceMaps, ...options } = JSON.parse(readFileSync(${JSON.stringify(join(REPO_ROOT, '.swcrc'))}, 'utf8'));
    const contracts = ${JSON.stringify(join(REPO_ROOT, 'libs', 'contracts', 'src', 'index.ts'))};
    const resolve = Module._resolveFilename;
    // The contracts' sources, not their build; and a relative name finds its .ts before a .json of the same name
    // (Node would try .json first: ./seed-catalogue is both).
    Module._resolveFilename = function (request, parent, ...rest) {
      if (request === '@facet/contracts') return contracts;
      if (request.startsWith('.') && parent && parent.filename && parent.filename.endsWith('.ts')) {
        const source = resolvePath(dirname(parent.filename), request + '.ts');
        if (existsSync(source)) return source;
      }
      return resolve.call(this, request, parent, ...rest);
    };
    require.extensions['.ts'] = (module, filename) =>
      module._compile(swc.transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
    require(${JSON.stringify(join(REPO_ROOT, 'apps', 'api', 'src', 'main.ts'))});`;
  return spawn(process.execPath, ['-e', bootstrap], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const attribute = (span: ExportedSpan, key: string): unknown => {
  const a = span.attributes?.find((x) => x.key === key);
  if (!a) return undefined;
  const v = Object.values(a.value)[0];
  return v && typeof v === 'object' && 'values' in v
    ? (v as { values: Record<string, unknown>[] }).values.map((x) => Object.values(x)[0])
    : v;
};

/**
 * One order, one trace (OTLP to an in-process receiver): the request's span, the append's, the projection's
 * (linked), the reactors' and the mail and payment-poll jobs' (children), across the process's own threads.
 */
describe('Tracing an order (OpenTelemetry, OTLP)', () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let shop: ChildProcess | null = null;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    [db, sink, receiver] = await Promise.all([createTestDatabase('facet_tracing'), startSmtpSink(), startOtlpReceiver()]);
    dataDir = mkdtempSync(join(tmpdir(), 'facet-tracing-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shop = startShopFromSources({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      QUEUE_PREFIX: `facet-tracing-${randomBytes(4).toString('hex')}`,
      ADMIN_EMAIL: 'admin@facet.tracing',
      ADMIN_PASSWORD: 'Tracing-Admin-1985!',
      LOG_LEVEL: 'error',
      FACET_DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      PUBLIC_ORIGINS: base,
      PAYMENT_POLL_INTERVAL_MS: '150',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_SERVICE_NAME: 'facet-under-test',
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (shop.exitCode !== null) throw new Error(`the shop exited with ${shop.exitCode}`);
      const products = await fetch(`${base}/api/products?limit=1`)
        .then((r) => r.json() as Promise<{ total?: number }>)
        .catch(() => null);
      if ((products?.total ?? 0) > 0) break;
      if (Date.now() > deadline) throw new Error('the shop did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
  }, 120_000);

  afterAll(async () => {
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once('exit', resolve));
      shop.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (shop.exitCode === null) shop.kill('SIGKILL');
    }
    await Promise.all([receiver?.close(), sink?.close()]);
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should follow a card order from its request through the append, the projection, the mail job and the payment poll', async () => {
    // The shopper's browser starts the trace (W3C traceparent) and sends it with each of the order's requests.
    const traceId = randomBytes(16).toString('hex');
    const browserSpan = randomBytes(8).toString('hex');
    const traceparent = `00-${traceId}-${browserSpan}-01`;
    const listed = (
      (await (await fetch(`${base}/api/products?limit=100&sort_by=price-low`, { headers: { traceparent } })).json()) as { products: any[] }
    ).products;
    const [product] = await madeToOrderAt(base, listed);
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'facet', traceparent };
    const placed = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
        shipping: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada.trace@example.com',
          phone: '',
          address: '1 Analytical Way',
          city: 'London',
          state: 'NY',
          zip_code: '10001',
        },
        payment: { card_name: 'Ada Lovelace', last_4: '4242' },
        total: totals.total,
      }),
    });
    expect(placed.status).toBe(200);
    const orderId = ((await placed.json()) as { order_id: string }).order_id;
    const session = await fetch(`${base}/api/payments/checkout/session`, {
      method: 'POST',
      headers: { ...headers, cookie: orderAccessCookie({ status: 200, body: null, headers: placed.headers }) },
      body: JSON.stringify({ origin_url: base, order_id: orderId }),
    });
    expect(session.status).toBe(200);
    const sessionId = ((await session.json()) as { session_id: string }).session_id;
    // Paid on the hosted page; nobody asks the status route, so the poll job records the outcome.
    const paid = await fetch(`${base}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', traceparent },
      body: new URLSearchParams({
        action: 'pay',
        name: 'Ada Lovelace',
        card_number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvv: '123',
      }).toString(),
    });
    expect(paid.status).toBe(303);
    await paid.text();

    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const named = (prefix: string) => inTrace().filter((s) => s.name.startsWith(prefix));
    const linking = (prefix: string) =>
      receiver.spans.filter((s) => s.name.startsWith(prefix) && s.links?.some((l) => l.traceId === traceId));
    await waitUntil(
      async () =>
        named('job mail').length > 0 &&
        named('job payment-poll').some((s) => attribute(s, 'facet.job_attempt') !== undefined) &&
        inTrace().some((s) => s.name.startsWith('append') && (attribute(s, 'facet.event_types') as string[]).includes('OrderPaid')) &&
        linking('handle projection:orders').length > 0,
      45_000,
    ).catch(() => undefined);
    // A parent span ends (and is sent) after its children: wait until the trace stops growing.
    for (let seen = -1, quietSince = Date.now(), deadline = Date.now() + 15_000; Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 250));
      if (inTrace().length !== seen) [seen, quietSince] = [inTrace().length, Date.now()];
      else if (Date.now() - quietSince > 2000) break;
    }
    const names = [...new Set(inTrace().map((s) => s.name))].sort();
    console.log(
      `${receiver.spans.length} spans received in ${receiver.requests} exports; ${inTrace().length} in the order's trace: ${names.join(' | ')}`,
    );

    const byId = new Map(inTrace().map((s) => [s.spanId, s]));
    /** Whether a span descends from another within the trace (its parent chain reaches it). */
    const descends = (span: ExportedSpan, ancestor: ExportedSpan) => {
      for (let p = span.parentSpanId; p; p = byId.get(p)?.parentSpanId) if (p === ancestor.spanId) return true;
      return false;
    };

    // The request: a server span named by its route, the browser's span its parent.
    const request = inTrace().find((s) => s.kind === SPAN_KIND_SERVER && s.name === 'POST /api/orders');
    expect(request).toBeDefined();
    expect(request!.parentSpanId).toBe(browserSpan);
    expect(attribute(request!, 'http.route')).toBe('/api/orders');
    expect(request!.resource['service.name']).toBe('facet-under-test');
    // A query string never reaches a trace: the listing's span keeps its path only.
    const listing = inTrace().find((s) => s.kind === SPAN_KIND_SERVER && s.name === 'GET /api/products');
    expect(listing).toBeDefined();
    expect(JSON.stringify(listing!.attributes)).not.toContain('sort_by');

    // The append, inside the request, with its SQL (pg) beneath it.
    const append = named('append').find((s) => (attribute(s, 'facet.event_types') as string[]).includes('OrderRequested'));
    expect(append).toBeDefined();
    expect(descends(append!, request!)).toBe(true);
    expect(inTrace().some((s) => attribute(s, 'db.system') === 'postgresql' || attribute(s, 'db.system.name') === 'postgresql')).toBe(true);

    // The orders projection handled it in a batch that links to the order's trace.
    expect(linking('handle projection:orders').length).toBeGreaterThan(0);

    // The reactors continue the trace: the order's payment session opened by a reaction to the order...
    const appendOf = (type: string) => named('append').find((s) => (attribute(s, 'facet.event_types') as string[]).includes(type));
    const opened = appendOf('PaymentSessionOpened');
    expect(opened).toBeDefined();
    // ...the payment poll, a job queued by the reaction to that session, run in the trace...
    const polls = named('job payment-poll');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((p) => descends(p, opened!))).toBe(true);
    const succeeded = appendOf('PaymentSucceeded');
    expect(succeeded).toBeDefined();
    const chain = (span: ExportedSpan) => {
      const names: string[] = [];
      for (let p = span.parentSpanId; p; p = byId.get(p)?.parentSpanId) names.push(byId.get(p)?.name ?? `(${p} not received)`);
      return names.join(' < ');
    };
    console.log(`PaymentSucceeded appended in: ${chain(succeeded!)}`);
    // The outcome is recorded by whichever asks the provider first: a poll, or the hosted page's own answer.
    const payRequest = inTrace().find((s) => s.kind === SPAN_KIND_SERVER && s.name === 'POST /api/payments/sandbox/checkout/:sessionId');
    expect(payRequest).toBeDefined();
    expect(polls.some((p) => descends(succeeded!, p)) || descends(succeeded!, payRequest!)).toBe(true);
    // ...the order paid by a reaction to that, and the receipt: the order mail's reaction, then its mail job.
    const orderPaid = appendOf('OrderPaid');
    expect(orderPaid).toBeDefined();
    expect(descends(orderPaid!, succeeded!)).toBe(true);
    const mailJobs = named('job mail');
    expect(mailJobs.length).toBeGreaterThan(0);
    const receipt = named('react order-mail').find((s) => descends(s, orderPaid!));
    expect(receipt).toBeDefined();
    expect(mailJobs.some((j) => descends(j, receipt!))).toBe(true);
    expect(attribute(receipt!, 'facet.causation_id')).toEqual(expect.any(String));
    // BullMQ's Redis calls (ioredis) are in the trace too.
    expect(inTrace().some((s) => attribute(s, 'db.system') === 'redis' || attribute(s, 'db.system.name') === 'redis')).toBe(true);
  }, 90_000);
});
