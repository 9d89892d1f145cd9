import { CUSTOMER_DELETED, CustomerDeletedData } from '@facet/contracts';
import { randomUUID } from 'crypto';
import { Tx } from '../platform/database/database';
import { DatabaseService } from '../platform/database/database.service';
import { RecordedEvent } from '../platform/event-store/event-store';
import { RunnersService } from '../platform/projections/runners.service';
import { systemMetadata } from '../testing/event-metadata';
import { startTestApp, TestApp } from '../testing/test-app';

/**
 * An erasure finds the person's rows in every read model through an index. A sequential scan there reads
 * the whole table while the projection's batch waits: on the bench's 1M-event log, 311,332 orders took
 * 104 ms to scan for one erasure, and the time grows with the shop. Every other event a projection applies
 * addresses its rows by primary key.
 *
 * With enable_seqscan off, PostgreSQL still plans a sequential scan where no index can serve the condition:
 * each statement a projection runs for CustomerDeleted is explained that way before it runs.
 */
describe('Erasure in the read models', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  /** The relations a plan reads with a sequential scan. */
  function seqScans(plan: Record<string, any>): string[] {
    const here = plan['Node Type'] === 'Seq Scan' ? [String(plan['Relation Name'])] : [];
    return [...here, ...((plan.Plans ?? []) as Record<string, any>[]).flatMap(seqScans)];
  }

  /** A transaction whose statements are each explained first; the scans found are added to `found`. */
  function explaining(tx: Tx, found: { sql: string; tables: string[] }[]): Tx {
    const query = async (sql: unknown, params?: unknown[]) => {
      if (typeof sql === 'string' && /^\s*(SELECT|UPDATE|DELETE|INSERT|WITH)\b/i.test(sql)) {
        const explained = await tx.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
        const tables = seqScans(explained.rows[0]['QUERY PLAN'][0].Plan);
        if (tables.length > 0) found.push({ sql: sql.replace(/\s+/g, ' ').trim(), tables });
      }
      return tx.query(sql as string, params);
    };
    return new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) });
  }

  const erasure = (data: CustomerDeletedData): RecordedEvent => ({
    streamId: `customer-${data.customer_id}`,
    type: CUSTOMER_DELETED,
    revision: 3,
    position: { commit: 1n, prepare: 1n },
    data,
    metadata: systemMetadata(),
  });

  it.each([
    ['an erasure of today', { guest_subjects: ['guest:abc', 'guest:legacy-abc'] }],
    // Events recorded before guest subjects were derived name the address itself.
    ['an erasure from before guest subjects', { guest_subject: null, email: 'Ada@Example.com' }],
  ])('should reach the rows of every projection through indexes: %s', async (_name, extra) => {
    const projections = t.app
      .get(RunnersService)
      .projections()
      .filter((p) => p.eventTypes.includes(CUSTOMER_DELETED));
    // Every projection that holds what a customer sent or was sent.
    expect(projections.map((p) => p.name).sort()).toEqual(
      expect.arrayContaining(['contact_messages', 'custom_designs', 'orders', 'sent_mail']),
    );
    const event = erasure({ customer_id: randomUUID(), deleted_by: 'self', guest_subject: 'guest:abc', ...extra });
    const found: { sql: string; tables: string[] }[] = [];
    const client = await t.app.get(DatabaseService).pool.connect();
    try {
      for (const projection of projections) {
        await client.query('BEGIN; SET LOCAL search_path TO rm, public; SET LOCAL enable_seqscan = off');
        await projection.apply(explaining(client, found), event);
        await client.query('ROLLBACK');
      }
    } finally {
      client.release();
    }
    expect(found).toEqual([]);
  });
});
