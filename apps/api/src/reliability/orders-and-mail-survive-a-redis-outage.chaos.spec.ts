import { priceOrderInDollars } from '@facet/contracts';
import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';
import { freePort } from '../testing/built-shop';

/** A private redis-server (never the machine's shared one), with an fsync-always append-only file. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const s = require('net').connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

describe('Redis stopped during orders', () => {
  let t: TestApp | null = null;
  let sink: SmtpSink | null = null;
  let redis: ChildProcess | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'facet-redis-'));
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await sink?.close();
    redis?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('should accept orders while Redis is down and send every mail once after it returns', async () => {
    const port = await freePort();
    redis = await startRedis(port, dir);
    sink = await startSmtpSink();
    t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, SMTP_URL: sink.url });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    const p = (await t.request('GET', '/api/products?limit=5&sort_by=price-low')).body.products.find((x: any) => x.in_stock);
    const totals = priceOrderInDollars([{ price: p.price, quantity: 1 }]);
    const place = (email: string) =>
      t!.request('POST', '/api/orders', {
        body: {
          items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
          shipping: {
            first_name: 'Red',
            last_name: 'Is',
            email,
            phone: '+1 (555) 010-2000',
            address: '1 Cache Rd',
            city: 'Austin',
            state: 'TX',
            zip_code: '73301',
            country: 'US',
          },
          payment: { card_name: '', last_4: '' },
          subtotal: totals.subtotal,
          shipping_cost: totals.shipping,
          tax: totals.tax,
          total: totals.total,
          status: 'consultation_requested',
          payment_status: 'pending_consultation',
        },
      });
    const emails: string[] = [];
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      emails.push(`before${i}.redis@example.com`);
      if ((await place(emails[i])).status === 200) acknowledged.push(emails[i]);
    }
    redis.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const health = await t.request('GET', '/api/health');
    for (let i = 0; i < 10; i++) {
      const email = `during${i}.redis@example.com`;
      emails.push(email);
      const res = await place(email);
      if (res.status === 200) acknowledged.push(email);
    }
    const duringAccepted = acknowledged.filter((e) => e.startsWith('during')).length;
    redis = await startRedis(port, dir);
    const deadline = Date.now() + 60_000;
    const confirmations = () =>
      sink!.messages.filter(
        (m) => m.headers['x-facet-mail-kind'] === 'consultation-confirmation' && m.to.some((to) => to.endsWith('.redis@example.com')),
      );
    while (Date.now() < deadline && new Set(confirmations().flatMap((m) => m.to)).size < acknowledged.length)
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 3000)); // time for any duplicate to show
    const perAddress = new Map<string, number>();
    for (const m of confirmations()) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    console.log(
      `redis outage: health while down ${health.status} ${JSON.stringify(health.body?.redis ?? health.body?.status)}; ` +
        `${acknowledged.length}/${emails.length} orders acknowledged (${duringAccepted}/10 while Redis was down); ` +
        `${perAddress.size} confirmations delivered after it returned, max ${Math.max(0, ...perAddress.values())} per order`,
    );
    expect(duringAccepted).toBe(10);
    expect(acknowledged).toHaveLength(15);
    expect([...perAddress.keys()].sort()).toEqual([...acknowledged].sort());
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);
});
