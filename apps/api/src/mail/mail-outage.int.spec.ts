import { ChildProcess, spawn } from 'child_process';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';
import { freePort } from '../testing/built-shop';

/** A private redis-server for this test, so it can be stopped and started without touching anyone else's. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 5000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('Mail while Redis is away', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, REDIS_URL: `redis://127.0.0.1:${port}`, STAFF_EMAIL: 'atelier@facet.test' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
  });
  afterAll(async () => {
    await t.close();
    await stopRedis(redis);
    await sink.close();
  });

  it('should accept the consultation request while Redis is down and send its mail once when Redis is back', async () => {
    const product = (await t.request('GET', '/api/products?limit=50')).body.products.find((p: any) => p.in_stock);
    await stopRedis(redis);

    const res = await t.request('POST', '/api/orders', {
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
        shipping: { first_name: 'Hedy', last_name: 'Lamarr', email: 'hedy@example.com', phone: '+1 555 777 8888' },
        payment: { card_name: '', last_4: '' },
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', `/api/orders/${res.body.order_id}`)).body.status).toBe('consultation_requested');
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages).toHaveLength(0);

    redis = await startRedis(port);
    const confirmation = await sink.waitFor((m) => m.to.includes('hedy@example.com'), 30_000);
    expect(confirmation.text).toContain('24-48 hours');
    await sink.waitFor((m) => m.to.includes('atelier@facet.test'), 15_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages.filter((m) => m.to.includes('hedy@example.com'))).toHaveLength(1);
    expect(sink.messages.filter((m) => m.to.includes('atelier@facet.test'))).toHaveLength(1);
  }, 60_000);
});
