import { Client } from 'pg';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { WORKER_CLOSE_GRACE_MS } from '../platform/queue/queues.service';
import { startSmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';

/**
 * These tests close the app themselves (to look at its database afterwards), not through TestApp.close(),
 * so they put back the environment startTestApp set for the app's life.
 */
function restoreEnv(before: NodeJS.ProcessEnv): void {
  for (const k of Object.keys(process.env)) if (!(k in before)) delete process.env[k];
  Object.assign(process.env, before);
}

/** A consultation request: two mails, the shopper's confirmation and the staff notice. */
async function placeConsultation(t: TestApp): Promise<void> {
  await t.app.get(CatalogSeeder).seedIfEmpty();
  const product = (await t.request('GET', '/api/products?limit=50')).body.products.find((p: { in_stock: boolean }) => p.in_stock);
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
}

describe('Closing the shop while a mail is being sent', () => {
  it('should let the mail finish, archive it and record MailSent before the database pool closes', async () => {
    const smtp = await startSmtpSink({ holdMs: 1500 }); // a slow relay
    const env = { ...process.env };
    const t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'atelier@facet.test' });
    const db = new Client({ connectionString: t.db.url });
    try {
      await placeConsultation(t);
      // A mail is on the wire: the shop is told to stop now (a deploy's SIGTERM).
      await smtp.receiving();
      await t.app.close();

      await db.connect();
      const sent = await db.query<{ kind: string }>(`SELECT data->>'kind' AS kind FROM public.es_events WHERE event_type = 'MailSent'`);
      // Every mail the relay accepted is recorded, archived and out of the outbox: none was cut off by the
      // pool closing under it (it was, before: 'Cannot use a pool after calling end on the pool').
      expect(smtp.messages.length).toBeGreaterThan(0);
      expect(sent.rows).toHaveLength(smtp.messages.length);
      const archived = await db.query('SELECT 1 FROM public.mail_archive');
      expect(archived.rows).toHaveLength(smtp.messages.length);
      const waiting = await db.query<{ mail_id: string }>('SELECT mail_id FROM public.mail_outbox');
      expect(waiting.rows.length + sent.rows.length).toBe(2); // the rest wait for the next start
    } finally {
      await db.end().catch(() => undefined);
      restoreEnv(env);
      await t.db.drop();
      await smtp.close();
    }
  }, 60_000);

  it('should not wait for ever on a relay that stopped answering: it goes on after the grace, the mail left to send again', async () => {
    const smtp = await startSmtpSink({ holdMs: 'never' }); // a relay that stopped answering
    const env = { ...process.env };
    const t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'atelier@facet.test' });
    const db = new Client({ connectionString: t.db.url });
    try {
      await placeConsultation(t);
      await smtp.receiving();
      const started = Date.now();
      await t.app.close();
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(WORKER_CLOSE_GRACE_MS - 100);
      expect(took).toBeLessThan(WORKER_CLOSE_GRACE_MS + 15_000);
      await db.connect();
      // Nothing recorded as sent; both mails wait in the outbox for the next start.
      expect((await db.query(`SELECT 1 FROM public.es_events WHERE event_type = 'MailSent'`)).rows).toEqual([]);
      expect((await db.query('SELECT 1 FROM public.mail_outbox')).rows).toHaveLength(2);
      // The relay goes away and the job fails after the shop closed: the process stays quiet (BullMQ spun
      // at full CPU when the worker's connection had been closed under the job).
      await smtp.close();
      const cpu = process.cpuUsage();
      await new Promise((r) => setTimeout(r, 2000));
      const used = process.cpuUsage(cpu);
      expect((used.user + used.system) / 1000).toBeLessThan(1000);
    } finally {
      await db.end().catch(() => undefined);
      restoreEnv(env);
      await t.db.drop();
    }
  }, 90_000);
});
