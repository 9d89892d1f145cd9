import { DatabaseService } from '../../platform/database/database.service';
import { SqlFilter } from '../../platform/database/sql-filter';
import { startTestApp, TestApp } from '../../testing/test-app';
import { ORDER_COUNT_CAP } from './list-orders.query';
import { orderSearch } from './order-search';

/**
 * The console's order search (GET /api/admin/orders?q=) over rows written straight into the read model: what
 * each kind of search finds, and that each is one the indexes can answer (issue 43: 1M orders).
 */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

describe('Order search in the console', () => {
  let t: TestApp;
  let db: DatabaseService;
  let token: string;
  const people = [
    { first: 'Ada', last: 'Lovelace', email: 'Ada.Lovelace@Example.com' },
    { first: 'Jean-Luc', last: "O'Brien", email: 'jl_obrien+shop@mail.example.org' },
    { first: 'Émile', last: 'Zola', email: 'emile@zola.fr' },
    { first: 'Grace', last: 'Hopper', email: 'g.hopper@navy.example.com' },
  ];
  const ids: Record<string, string> = {};

  const search = (q: string, extra = '') => t.request('GET', `/api/admin/orders?q=${encodeURIComponent(q)}&limit=100${extra}`, { token });
  const found = async (q: string) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    return (res.body.items as { id: string }[]).map((o) => Object.keys(ids).find((k) => ids[k] === o.id) ?? o.id).sort();
  };
  const insert = (where: string, params: unknown[]) =>
    db.query<{ id: string; last_name: string }>(
      `INSERT INTO rm.orders (id, kind, status, payment_status, subject_id, first_name, last_name, email, items,
         subtotal_cents, shipping_cents, tax_cents, total_cents, version, created_at, updated_at)
       ${where} RETURNING id, last_name`,
      params,
    );

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DatabaseService);
    token = await t.staffToken();
    for (const p of people) {
      const [row] = await insert(
        `SELECT gen_random_uuid(), 'card', 'processing', 'paid', 'email:x', $1, $2, $3, '[]', 100, 0, 0, 100, 0, now(), now()`,
        [p.first, p.last, p.email],
      );
      ids[p.last] = row.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('should find an order by its reference as shown, by its whole id, or by the id begun, in any case', async () => {
    const id = ids.Lovelace;
    expect(await found(id.slice(0, 8).toUpperCase())).toContain('Lovelace');
    expect(await found(id)).toEqual(['Lovelace']);
    expect(await found(id.toUpperCase())).toEqual(['Lovelace']);
    expect(await found(id.slice(0, 13))).toEqual(['Lovelace']);
    // The reference is the start of the id: a piece from its middle is no reference.
    expect(await found(id.slice(14, 22))).not.toContain('Lovelace');
  });

  it('should find three or more characters anywhere in a name or an e-mail, and not across them', async () => {
    expect(await found('ovela')).toEqual(['Lovelace']);
    expect(await found('ADA LOVELACE')).toEqual(['Lovelace']);
    expect(await found('ada.lovelace@example.com')).toEqual(['Lovelace']);
    expect(await found('example.org')).toEqual(["O'Brien"]);
    expect(await found('jean-luc o')).toEqual(["O'Brien"]);
    expect(await found('émile zola')).toEqual(['Zola']);
    // The fields are apart: a name's end and the e-mail's start make no match, whatever the separator typed.
    expect(await found('lovelace ada')).toEqual([]);
    expect(await found('lovelace\nada')).toEqual([]);
    // LIKE's own characters are taken literally.
    expect(await found('a_a')).toEqual([]);
    expect(await found('ada%')).toEqual([]);
    expect(await found('jl_obr')).toEqual(["O'Brien"]);
  });

  it("should find one or two letters or digits at the start of a word: a name's, a part of an e-mail's", async () => {
    expect(await found('lo')).toEqual(['Lovelace']);
    expect(await found('ve')).toEqual([]);
    expect(await found('Lu')).toEqual(["O'Brien"]);
    expect(await found('br')).toEqual(["O'Brien"]);
    expect(await found('sh')).toEqual(["O'Brien"]);
    expect(await found('na')).toEqual(['Hopper']);
    expect(await found('h')).toEqual(['Hopper']);
    expect(await found('é')).toEqual(['Zola']);
    expect(await found('z-')).toEqual([]);
    // A regular expression's own characters are taken literally.
    for (const q of ['a.', 'a*', 'a(', 'a[', 'a\\', 'a|', 'a$', 'a^', 'a{1']) expect(await found(q)).toEqual([]);
  });

  it('should refuse a search without a letter or a digit, with the reason, and take a blank one as no search', async () => {
    for (const q of ['@', '---', '%_', '💎', '.\u200b.']) {
      const res = await search(q);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('q must hold a letter or a digit');
    }
    const all = await search('   ');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM rm.orders'))!.n));
    for (const q of ['a\u0000', 'ab\u0000c', '\u0000a']) expect((await search(q)).status).toBe(400);
  });

  it('should answer hostile searches without a server error: broken UTF-8, a lone surrogate, the length limit, a burst', async () => {
    const raw = (q: string) => t.request('GET', `/api/admin/orders?q=${q}&limit=100`, { token });
    // A lone surrogate's bytes (U+D800 as UTF-8: a URL cannot carry the surrogate itself), alone and beside a
    // name, and a byte no UTF-8 has.
    for (const q of ['%ED%A0%80', 'lo%ED%A0%80velace', '%ED%A0%80ab', '%FF']) expect((await raw(q)).status).toBeLessThan(500);
    expect((await search('a'.repeat(200))).status).toBe(200);
    expect((await search('a'.repeat(201))).status).toBe(400);
    // Twenty at once, of every kind: all answered, each as it is alone.
    const terms = ['lo', 'ovela', 'a', ids.Lovelace.slice(0, 8), ids.Lovelace, 'émile zola', 'example.org', '@'];
    const alone = await Promise.all(terms.map(async (q) => (await search(q)).status));
    const burst = await Promise.all(Array.from({ length: 20 }, async (_, i) => (await search(terms[i % terms.length])).status));
    expect(burst).toEqual(Array.from({ length: 20 }, (_, i) => alone[i % terms.length]));
    expect(alone).toEqual([200, 200, 200, 200, 200, 200, 200, 400]);
  });

  it('should make every kind of search one the indexes answer: a few of their pages, not all of them', async () => {
    // 20,000 more orders, so that reading a whole index shows; VACUUM moves them out of the GIN's pending list,
    // which every search would otherwise read whole.
    await insert(
      `SELECT gen_random_uuid(), 'card', 'processing', 'paid', 'email:x', 'Filler', 'Qq' || i, 'filler' || i || '@example.net', '[]',
              100, 0, 0, 100, 0, now(), now() FROM generate_series(1, 20000) i`,
      [],
    );
    await db.query('VACUUM ANALYZE rm.orders');
    try {
      /** The pages of orders_search that a condition's bitmap scan reads, sequential scans off. */
      const pagesRead = async (sql: string, values: unknown[]) => {
        const filter = new SqlFilter().whereEach(sql, values);
        const plan = await db.transaction(async (tx) => {
          await tx.query('SET LOCAL enable_seqscan = off');
          const r = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT 1 FROM rm.orders ${filter.sql}`,
            filter.params,
          );
          return r.rows[0]['QUERY PLAN'][0].Plan;
        });
        const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
        const all = nodes(plan);
        expect(all.map((n) => n['Node Type'])).not.toContain('Seq Scan');
        return all
          .filter((n) => n['Index Name'] === 'orders_search')
          .reduce((sum, n) => sum + n['Shared Hit Blocks'] + n['Shared Read Blocks'], 0);
      };
      // What pg_trgm reads for a pattern it has no trigram for: the whole index.
      const whole = await pagesRead('search_text LIKE ?', ['%ab%']);
      expect(whole).toBeGreaterThan(30);
      const terms = ['a', 'ab', 'a-', 'a--', '--a', 'a.b', 'é', '1', '3f', 'ada', 'ada lovelace', '@gmail.com', "o'br", 'jean-luc'];
      terms.push(ids.Lovelace, ids.Lovelace.slice(0, 8), ids.Lovelace.slice(0, 13));
      const heavy: { term: string; pages: number }[] = [];
      for (const term of terms) {
        const { sql, values } = orderSearch(term);
        const pages = await pagesRead(sql, values);
        if (pages >= whole / 5) heavy.push({ term, pages });
      }
      expect({ whole, heavy }).toEqual({ whole, heavy: [] });
    } finally {
      await db.query(`DELETE FROM rm.orders WHERE first_name = 'Filler'`);
    }
  });

  it('should page more than a thousand matches newest first, as an exact sort would, and estimate their number', async () => {
    const rows = await insert(
      `SELECT gen_random_uuid(), 'card', CASE WHEN i % 3 = 0 THEN 'shipped' ELSE 'processing' END, 'paid', 'email:x',
              'Walker', 'Zzwalk' || i, 'walk' || i || '@example.com', '[]', i, 0, 0, i, 0,
              now() - i * interval '1 minute' - (i % 2) * interval '1 hour', now()
         FROM generate_series(1, $1::int) i`,
      [ORDER_COUNT_CAP + 300],
    );
    // Two at the very same time: the id breaks the tie.
    await db.query(`UPDATE rm.orders SET created_at = (SELECT created_at FROM rm.orders WHERE id = $1) WHERE id = $2`, [
      rows[0].id,
      rows[1].id,
    ]);
    await db.query('ANALYZE rm.orders');
    try {
      const exact = async (order: string, where = '') =>
        (await db.query<{ id: string }>(`SELECT id FROM rm.orders WHERE last_name LIKE 'Zzwalk%' ${where} ORDER BY ${order}`)).map(
          (r) => r.id,
        );
      for (const [params, order, where] of [
        ['', 'created_at DESC, id', ''],
        ['&order=asc', 'created_at ASC, id', ''],
        ['&sort=total&order=desc', 'total_cents DESC, id', ''],
        ['&status=shipped', 'created_at DESC, id', `AND status = 'shipped'`],
      ]) {
        const expected = await exact(order, where);
        for (const page of [1, 2, 7]) {
          const res = await search('zzwalk', `${params}&page=${page}`);
          expect(res.status).toBe(200);
          expect(res.body.items.map((o: { id: string }) => o.id)).toEqual(expected.slice((page - 1) * 100, page * 100));
          if (expected.length > ORDER_COUNT_CAP) {
            expect(res.body.total_estimated).toBe(true);
            // 1,300 in a table of about as many: the sample is the whole table, and two digits are kept.
            expect(res.body.total).toBe(1300);
          } else {
            expect(res.body).not.toHaveProperty('total_estimated');
            expect(res.body.total).toBe(expected.length);
          }
        }
      }
    } finally {
      await db.query(`DELETE FROM rm.orders WHERE last_name LIKE 'Zzwalk%'`);
    }
  });
});
