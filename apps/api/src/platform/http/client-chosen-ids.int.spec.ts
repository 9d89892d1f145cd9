import { execFileSync } from 'child_process';
import { randomUUID } from 'crypto';
import fs from 'fs';
import IORedis from 'ioredis';
import { connect } from 'net';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { contactBody, orderBody } from '../../testing/request-bodies';
import { startTestApp, TestApp } from '../../testing/test-app';
import { DatabaseService } from '../database/database.service';
import { IdempotencyService } from './idempotency.service';

/**
 * Issue 39 (B): ids a client chooses are not written down as sent. X-Correlation-Id is taken only as a UUID
 * or a W3C traceparent (its trace-id, written as a UUID), else replaced by a fresh UUID, which the answer
 * names and the events record. Idempotency keys are stored only as keyed digests. A person's name sent in
 * either is found nowhere afterwards: not in the database (a pg_dump), Redis (job data) or the logs.
 */
const CORRELATION_NAME = 'Ermintrude Quibblestone';
const KEY_NAME = 'Hedy-Lamarr';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A POST /api/contact whose X-Correlation-Id header is exactly these bytes (fetch would refuse some of them). */
function postContactWithCorrelation(
  url: string,
  value: Buffer,
  client: string,
): Promise<{ status: number; headers: Record<string, string> }> {
  const body = Buffer.from(JSON.stringify(contactBody({ name: 'Tess Tester', email: 'tess@example.com' })));
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(
        Buffer.concat([
          Buffer.from(
            'POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\nContent-Type: application/json\r\n' +
              `X-Requested-With: facet\r\nX-Forwarded-For: ${client}\r\nContent-Length: ${body.length}\r\nX-Correlation-Id: `,
            'latin1',
          ),
          value,
          Buffer.from('\r\n\r\n', 'latin1'),
          body,
        ]),
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine, ...lines] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')[0].split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

describe('Client-chosen ids', () => {
  let t: TestApp;
  let db: DatabaseService;
  let product: any;
  let client = 0;
  const logged: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr), sync: fs.writeSync };

  const nextClient = () => `10.39.${(++client >> 8) & 255}.${client & 255}`;
  const eventsOf = (correlationId: string) =>
    db.query<{ event_type: string }>(
      `SELECT event_type FROM public.es_events WHERE metadata->>'correlationId' = $1 ORDER BY global_position`,
      [correlationId],
    );
  const place = (key: string, email = 'grace@example.com') =>
    t.request('POST', '/api/orders', {
      body: orderBody(product, { first_name: 'Grace', last_name: 'Hopper', email }),
      headers: { 'idempotency-key': key, 'x-forwarded-for': nextClient() },
    });

  beforeAll(async () => {
    // Everything the shop logs (JSON lines, every request's access line, debug and up) is kept for the search.
    (process.stdout as any).write = (chunk: any, ...rest: any[]) => {
      logged.push(String(chunk));
      return writes.out(chunk, ...rest);
    };
    (process.stderr as any).write = (chunk: any, ...rest: any[]) => {
      logged.push(String(chunk));
      return writes.err(chunk, ...rest);
    };
    (fs as any).writeSync = (fd: number, chunk: any, ...rest: any[]) => {
      if (fd === 1 || fd === 2) logged.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return (writes.sync as any)(fd, chunk, ...rest);
    };
    t = await startTestApp({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    db = t.app.get(DatabaseService);
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find((p: any) => p.in_stock);
  }, 120_000);
  afterAll(async () => {
    (process.stdout as any).write = writes.out;
    (process.stderr as any).write = writes.err;
    (fs as any).writeSync = writes.sync;
    await t.close();
  });

  it('should replace a correlation id that is no UUID or traceparent by a fresh UUID, the one the answer names and the events record', async () => {
    const values: [string, Buffer][] = [
      ['a name', Buffer.from(CORRELATION_NAME)],
      ['a name in the old id shape', Buffer.from(CORRELATION_NAME.replace(' ', '.'))],
      ['a lone surrogate', Buffer.concat([Buffer.from(CORRELATION_NAME), Buffer.from([0xed, 0xa0, 0x80])])],
      ['10 KB', Buffer.from(`${CORRELATION_NAME}-`.repeat(400).slice(0, 10_240))],
      ['not a UUID', Buffer.from('not-a-uuid')],
      ['a UUID with a name after it', Buffer.from(`${randomUUID()}-${CORRELATION_NAME.replace(' ', '-')}`)],
      ['the nil UUID', Buffer.from('00000000-0000-0000-0000-000000000000')],
      ['a traceparent of another version', Buffer.from('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')],
      ['a traceparent with a zero trace-id', Buffer.from('00-00000000000000000000000000000000-00f067aa0ba902b7-01')],
    ];
    for (const [what, value] of values) {
      const res = await postContactWithCorrelation(t.url, value, nextClient());
      const used = res.headers['x-correlation-id'];
      expect({ what, status: res.status, used: UUID.test(used) }).toEqual({ what, status: 201, used: true });
      expect(used).not.toBe(value.toString('latin1'));
      // The message, and (once the mail worker has sent its acknowledgement) that mail, under the same id.
      const types = (await eventsOf(used)).map((e) => e.event_type);
      expect(types[0]).toBe('ContactMessageReceived');
      expect(types.slice(1).filter((type) => type !== 'MailSent')).toEqual([]);
    }
    // NUL cannot be in a header at all: refused before any handler, nothing recorded.
    const nul = await postContactWithCorrelation(t.url, Buffer.from(`${CORRELATION_NAME}\u0000`), nextClient());
    expect(nul.status).toBe(400);
    const named = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM public.es_events WHERE metadata::text ILIKE $1`, [
      '%quibblestone%',
    ]);
    expect(named?.n).toBe(0);
  });

  it('should keep a UUID (in lower case) and take a traceparent as its trace-id written as a UUID', async () => {
    const uuid = randomUUID();
    for (const [sent, expected] of [
      [uuid, uuid],
      [uuid.toUpperCase(), uuid],
      ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', '4bf92f35-77b3-4da6-a3ce-929d0e0e4736'],
    ]) {
      const res = await postContactWithCorrelation(t.url, Buffer.from(sent), nextClient());
      expect({ sent, status: res.status, used: res.headers['x-correlation-id'] }).toEqual({ sent, status: 201, used: expected });
      expect((await eventsOf(expected)).map((e) => e.event_type)).toContain('ContactMessageReceived');
    }
  });

  it('should store idempotency keys only as keyed digests, and still answer a replay and a burst with one order', async () => {
    const key = `${KEY_NAME}-birthday-gift`;
    const first = await place(key);
    expect(first.status).toBe(200);
    // The same key again: the same answer, no second order.
    const again = await place(key);
    expect([again.status, again.body]).toEqual([200, first.body]);
    // Another body under the key: refused, as before.
    const changed = await t.request('POST', '/api/orders', {
      body: orderBody(product, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', city: 'Salem' }),
      headers: { 'idempotency-key': key, 'x-forwarded-for': nextClient() },
    });
    expect(changed.status).toBe(409);

    // A burst of one new key: one order, every answer naming it.
    const burst = await Promise.all(Array.from({ length: 8 }, () => place(`${KEY_NAME}-burst`, 'burst@example.com')));
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ids = new Set(burst.map((r) => r.body.order_id));
    expect(ids.size).toBe(1);
    const [burstOrder] = [...ids];
    const placed = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested' AND stream_id = $1`,
      [`order-${burstOrder}`],
    );
    expect(placed?.n).toBe(1);

    // The table holds digests: 40 hex digits, the keyed digest of the caller's scope and key.
    const rows = await db.query<{ scope: string; key: string }>('SELECT scope, key FROM public.idempotency_keys');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{40}$/);
    const scope = IdempotencyService.callerScope('orders', null, 'grace@example.com');
    expect(rows).toContainEqual({ scope, key: IdempotencyService.storedKey(scope, key) });
  });

  it('should leave the names sent in those ids nowhere: not in a pg_dump, Redis or the logs', async () => {
    // Some mail and projection work runs behind the requests above: let it write what it writes.
    await new Promise((r) => setTimeout(r, 1500));
    const dump = execFileSync('pg_dump', ['-h', '127.0.0.1', '-U', 'postgres', '--no-owner', '--data-only', t.db.name], {
      maxBuffer: 512 * 1024 * 1024,
    }).toString();
    expect(dump).toContain('COPY public.idempotency_keys'); // the search could find a key: the table is in it

    const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let redisText = '';
    try {
      for (const key of await redis.keys(`${t.queuePrefix}:*`)) {
        const type = await redis.type(key);
        const value =
          type === 'hash'
            ? await redis.hgetall(key)
            : type === 'list'
              ? await redis.lrange(key, 0, -1)
              : type === 'zset'
                ? await redis.zrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : await redis.get(key);
        redisText += `${key} ${JSON.stringify(value)}\n`;
      }
    } finally {
      redis.disconnect();
    }
    expect(redisText).toMatch(/correlationId/); // job data is there to search (mails of the contact messages)
    const logs = logged.join('');
    expect(logs).toMatch(/"correlationId":"[0-9a-f-]{36}"/); // the access lines were captured

    const found = (text: string) => ['quibblestone', 'lamarr'].filter((needle) => text.toLowerCase().includes(needle));
    expect({ dump: found(dump), redis: found(redisText), logs: found(logs) }).toEqual({ dump: [], redis: [], logs: [] });
  });
});
