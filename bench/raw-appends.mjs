// The write baseline: appends of one OrderRequested-sized event per new stream, straight into the
// PostgreSQL event store from 32 concurrent loops, with no HTTP, validation or projection wait.
import { randomUUID } from 'crypto';
import { createRequire } from 'module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { PostgresEventStore } = require('../apps/api/dist/platform/event-store/postgres/postgres-event-store.js');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 32 });
const store = new PostgresEventStore(pool, process.env.DATABASE_URL);
const seconds = Number(process.env.SECONDS ?? 10);
const data = {
  items: [{ product_id: randomUUID(), quantity: 1, unit_price_cents: 45000 }],
  totals: { subtotal_cents: 45000, shipping_cents: 2500, tax_cents: 3600, total_cents: 51100 },
  shipping: 'x'.repeat(300),
};
let count = 0;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (Date.now() < deadline) {
      await store.appendToStream(
        `bench-${randomUUID()}`,
        [
          {
            type: 'BenchAppended',
            data,
            metadata: {
              eventId: randomUUID(),
              schemaVersion: 1,
              occurredAt: new Date().toISOString(),
              actor: { type: 'system' },
              correlationId: randomUUID(),
              causationId: null,
            },
          },
        ],
        'no_stream',
      );
      count++;
    }
  }),
);
await store.close();
await pool.end();
console.log(JSON.stringify({ perSecond: count / seconds }));
