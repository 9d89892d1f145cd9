import { Client, QueryResultRow } from 'pg';
import { testServerUrl } from '../../testing/test-database';
import { containing, selectPage, sortedBy, SqlFilter } from './sql-filter';

/** selectPage on a real PostgreSQL session (a temporary table, so nothing is left behind). */
describe('selectPage', () => {
  const client = new Client({ connectionString: testServerUrl() });
  const db = {
    query: async <R extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> => (await client.query<R>(sql, params)).rows,
    one: async <R extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<R | null> =>
      (await client.query<R>(sql, params)).rows[0] ?? null,
  };

  beforeAll(async () => {
    await client.connect();
    await client.query('CREATE TEMP TABLE items (id int PRIMARY KEY, name text)');
    const names = ['50%_off', '50 percent off', 'a\\b', null, 'plain', 'é\u{1F48E}', "x'; DROP TABLE items;--"];
    for (const [i, name] of names.entries()) await client.query('INSERT INTO items VALUES ($1, $2)', [i + 1, name]);
  });
  afterAll(async () => {
    await client.end();
  });

  it('should count every match and return one page of them, LIKE characters taken literally', async () => {
    const filter = new SqlFilter().where('name LIKE ?', containing('%_'));
    const { rows, total } = await selectPage<{ id: number }>(db, { columns: 'id', from: 'items', orderBy: 'id' }, filter, 1, 10);
    expect(rows.map((r) => r.id)).toEqual([1]);
    expect(total).toBe(1);
  });

  it('should page after the filter and report the total of all pages, empty values last', async () => {
    const select = { columns: 'id, name', from: 'items', orderBy: sortedBy('name', 'desc') };
    const first = await selectPage<{ id: number; name: string | null }>(db, select, new SqlFilter(), 1, 3);
    const last = await selectPage<{ id: number; name: string | null }>(db, select, new SqlFilter(), 3, 3);
    expect(first.total).toBe(7);
    expect(first.rows).toHaveLength(3);
    expect(last.rows.map((r) => r.name)).toEqual([null]);
    const beyond = await selectPage(db, select, new SqlFilter(), 99, 3);
    expect(beyond).toEqual({ rows: [], total: 7 });
  });

  it('should keep a hostile search as a value, never as SQL text', async () => {
    const filter = new SqlFilter().where('name LIKE ?', containing("'; DROP TABLE items;--"));
    const { rows, total } = await selectPage<{ id: number }>(db, { columns: 'id', from: 'items', orderBy: 'id' }, filter, 1, 10);
    expect({ ids: rows.map((r) => r.id), total }).toEqual({ ids: [7], total: 1 });
    expect((await db.one<{ n: string }>('SELECT count(*) AS n FROM items'))?.n).toBe('7');
  });
});
