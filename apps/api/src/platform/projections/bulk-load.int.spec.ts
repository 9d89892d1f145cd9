import fc from 'fast-check';
import { Pool } from 'pg';
import { createPool, Tx, withTransaction } from '../database/database';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { bulkLoad, BulkLoad, insertRows, newBulkLoad } from './projection';

/**
 * A replay copies rows in (COPY) where live projecting inserts them from JSON: for any values, both must
 * store the same rows or both refuse them, or a replay would rebuild read models unlike the live ones.
 */
describe('Read-model rows copied in bulk', () => {
  let db: TestDatabase;
  let pool: Pool;
  const COLUMNS = `id int PRIMARY KEY, t text, b boolean, n bigint, r numeric, ts timestamptz, j jsonb, u uuid, a jsonb`;
  beforeAll(async () => {
    db = await createTestDatabase('facet_bulk');
    pool = createPool(db.url);
    await pool.query(`CREATE TABLE by_insert (${COLUMNS}); CREATE TABLE by_copy (${COLUMNS}); CREATE TABLE with_json (id int, doc json)`);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  /** Runs insertRows in a savepoint: the error's SQLSTATE (or 'refused' for others), null when stored. */
  const attempt = async (tx: Tx, write: () => Promise<void>): Promise<string | null> => {
    await tx.query('SAVEPOINT attempt');
    try {
      await write();
      await tx.query('RELEASE SAVEPOINT attempt');
      return null;
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT attempt');
      return (err as { code?: string }).code ?? 'refused';
    }
  };
  const differing = async (tx: Tx): Promise<number> =>
    Number(
      (
        await tx.query(`SELECT (SELECT count(*) FROM (TABLE by_insert EXCEPT ALL TABLE by_copy) a)
                             + (SELECT count(*) FROM (TABLE by_copy EXCEPT ALL TABLE by_insert) b) AS n`)
      ).rows[0].n,
    );

  // What COPY's text format treats specially, what PostgreSQL cannot hold, and the usual troublemakers.
  const HOSTILE = [
    '\t',
    '\n',
    '\r\n',
    '\\',
    '\\N',
    '\\.',
    '\\t',
    '"',
    "'",
    '\u0000',
    '\ud800',
    '\udfff',
    '\u2028',
    '\ufeff',
    '\u{1f48e}',
    '',
  ];
  const text = fc.oneof(
    fc.constantFrom(...HOSTILE),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.array(fc.constantFrom(...HOSTILE, 'a', 'é'), { maxLength: 6 }).map((p) => p.join('')),
  );
  const anything = fc.oneof(
    text,
    fc.constantFrom(null, undefined, true, false, 0, -0, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 63), 2 ** 63, 1e21, 0.1, 1.5),
    fc.double(),
    fc.integer(),
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom('2026-11-25T10:44:04.661Z', 'not a time', '6db7cc83-7c73-457c-9ba7-abbac5308e26', 'true', 'NaN', '12'),
  );
  // Mostly values a column takes (so that many rows are stored), sometimes anything at all.
  const column = (fits: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 15, arbitrary: fc.oneof(fits, fc.constant(null)) }, { weight: 1, arbitrary: anything });
  const row = fc.record(
    {
      t: column(text),
      b: column(fc.boolean()),
      n: column(fc.oneof(fc.integer(), fc.constantFrom(2 ** 53 - 1, -(2 ** 53) + 1, 0, -0))),
      r: column(fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(0.1, 1e-7, 1e21, 5e-324, Number.MAX_VALUE))),
      ts: column(fc.date({ min: new Date(-1e13), max: new Date(1e13), noInvalidDate: true }).map((d) => d.toISOString())),
      j: column(fc.jsonValue({ maxDepth: 3 })),
      u: column(fc.uuid()),
      a: column(fc.array(text, { maxLength: 3 })),
    },
    { requiredKeys: [] },
  );

  it('should store what the INSERT stores, and refuse what it refuses, for any values', async () => {
    const load: BulkLoad = newBulkLoad();
    let stored = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), async (generated) => {
        const rows = generated.map((r, i) => ({ id: i, ...r }));
        await withTransaction(pool, async (tx) => {
          await tx.query('TRUNCATE by_insert, by_copy');
          const inserted = await attempt(tx, () => insertRows(tx, 'by_insert', rows));
          const copied = await attempt(tx, () => bulkLoad(tx, load, () => insertRows(tx, 'by_copy', rows)));
          expect(copied === null).toBe(inserted === null);
          if (inserted === null) stored++;
          else refused++;
          expect(await differing(tx)).toBe(0);
        });
      }),
      { numRuns: 300, seed: 20261125, endOnFailure: true },
    );
    // Both sides seen: a property that only stored, or only refused, would prove little.
    expect(stored).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
    console.log(`bulk load property: ${stored} stored, ${refused} refused alike`);
  });

  it('should copy the text COPY treats specially exactly as given', async () => {
    const load: BulkLoad = newBulkLoad();
    const rows = ['\t', 'a\nb', 'c\r\nd', '\\', '\\N', '\\.', 'x\\ty', '\u2028'].map((t, id) => ({ id, t, j: { t, list: [t] } }));
    await withTransaction(pool, async (tx) => {
      await tx.query('TRUNCATE by_copy');
      const copy = jest.spyOn(tx, 'query');
      await bulkLoad(tx, load, () => insertRows(tx, 'by_copy', rows));
      // One statement for the column types, then the COPY: no INSERT.
      expect(copy.mock.calls.map((c) => String((c[0] as { text?: string }).text ?? c[0]).split(' ')[0])).toEqual(['SELECT', 'COPY']);
      copy.mockRestore();
      const back = (await tx.query('SELECT id, t, j FROM by_copy ORDER BY id')).rows;
      expect(back).toEqual(rows.map((r) => ({ ...r, j: { t: r.t, list: [r.t] } })));
    });
  });

  it('should refuse a row already there, and leave the transaction usable for the one-by-one INSERT', async () => {
    const load: BulkLoad = newBulkLoad();
    await withTransaction(pool, async (tx) => {
      await tx.query(`TRUNCATE by_copy; INSERT INTO by_copy (id, t) VALUES (1, 'first')`);
      const rows = [
        { id: 2, t: 'second' },
        { id: 1, t: 'again' },
      ];
      expect(await attempt(tx, () => bulkLoad(tx, load, () => insertRows(tx, 'by_copy', rows)))).toBe('23505');
      // What the replay does next: the events one by one, each row inserted, a duplicate skipped as live.
      for (const r of rows) await insertRows(tx, 'by_copy', [r]);
      expect((await tx.query('SELECT id, t FROM by_copy ORDER BY id')).rows).toEqual([
        { id: 1, t: 'first' },
        { id: 2, t: 'second' },
      ]);
    });
  });

  it('should leave a json column, which keeps jsonb rendering through the INSERT, to the INSERT', async () => {
    const load: BulkLoad = newBulkLoad();
    await withTransaction(pool, async (tx) => {
      await bulkLoad(tx, load, () =>
        insertRows(tx, 'with_json', [
          { id: 1, doc: { b: 1, a: [1, 2] } },
          { id: 2, doc: 'text' },
        ]),
      );
      expect((await tx.query('SELECT id, doc::text AS doc FROM with_json ORDER BY id')).rows).toEqual([
        { id: 1, doc: '{"a": [1, 2], "b": 1}' },
        { id: 2, doc: '"text"' },
      ]);
    });
  });
});
