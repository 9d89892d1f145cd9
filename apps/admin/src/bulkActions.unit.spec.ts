import { BulkActionError } from './api-error';
import { dataProvider } from './dataProvider';

/** Bulk actions run the API's own command per record and report every record that failed, with the reason. */
describe('bulk actions in the dataProvider', () => {
  let calls: { url: string; method: string; body: any }[];
  let answer: (url: string) => Response;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    calls = [];
    answer = () => json(200, {});
    global.fetch = jest.fn(async (url: any, init: any) => {
      calls.push({ url: String(url), method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
      return answer(String(url));
    }) as any;
  });

  describe('When every record goes through', () => {
    it('should PUT each order its status change (with the note) and answer the ids', async () => {
      const res = await dataProvider.updateMany('orders', { ids: ['o1', 'o2'], data: { status: 'contacted', note: ' called ' } });
      expect(res.data).toEqual(['o1', 'o2']);
      expect(calls).toEqual([
        { url: '/api/admin/orders/o1', method: 'PUT', body: { status: 'contacted', note: 'called' } },
        { url: '/api/admin/orders/o2', method: 'PUT', body: { status: 'contacted', note: 'called' } },
      ]);
    });

    it('should PUT each custom design its status, mark messages handled, and delete products one by one', async () => {
      await dataProvider.updateMany('custom-designs', { ids: ['d1'], data: { status: 'cancelled' } });
      await dataProvider.updateMany('messages', { ids: ['m1', 'm2'], data: { handled: true } });
      await dataProvider.deleteMany('products', { ids: ['p1', 'p 2/x'] });
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'PUT /api/admin/custom-designs/d1',
        'PUT /api/admin/messages/m1',
        'PUT /api/admin/messages/m2',
        'DELETE /api/admin/products/p1',
        'DELETE /api/admin/products/p%202%2Fx',
      ]);
    });
  });

  describe('When some records are refused', () => {
    it('should still try every record and name each failure with the API message', async () => {
      answer = (url) =>
        url.includes('bad-transition')
          ? json(422, { detail: 'Cannot move from delivered to contacted' })
          : url.includes('gone')
            ? json(404, { detail: 'x' })
            : json(200, {});
      const error: unknown = await dataProvider
        .updateMany('orders', { ids: ['ok-1', 'bad-transition', 'gone', 'ok-2'], data: { status: 'contacted' } })
        .then(
          () => null,
          (e) => e,
        );
      expect(calls).toHaveLength(4);
      expect(error).toBeInstanceOf(BulkActionError);
      const bulk = error as BulkActionError;
      expect(bulk.succeeded).toEqual(['ok-1', 'ok-2']);
      expect(bulk.failed).toEqual([
        { id: 'bad-transition', message: 'Cannot move from delivered to contacted' },
        { id: 'gone', message: 'Resource not found' },
      ]);
      expect(bulk.message).toBe('2 of 4 failed (bad-tran: Cannot move from delivered to contacted; gone: Resource not found). 2 done.');
    });

    it('should report a network failure and a server error without their stack, and cap the list at five', async () => {
      let n = 0;
      global.fetch = jest.fn(async () => {
        n++;
        if (n === 1) throw new TypeError('Failed to fetch');
        return json(500, { detail: 'secret stack trace' });
      }) as any;
      const error = (await dataProvider
        .deleteMany('products', { ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })
        .catch((e) => e)) as BulkActionError;
      expect(error.failed).toHaveLength(7);
      expect(error.failed[0].message).toBe('Something went wrong. Please try again.');
      expect(error.failed[1].message).toBe('Server error. Please try again later.');
      expect(error.message).toMatch(/^7 of 7 failed \(a: .*; and 2 more\)\.$/);
      expect(error.message).not.toContain('secret');
    });

    it('should fail every record when none goes through, and answer nothing for an empty selection', async () => {
      answer = () => json(403, { detail: 'Administrators only' });
      await expect(dataProvider.updateMany('messages', { ids: ['m1'], data: { handled: true } })).rejects.toThrow(
        '1 of 1 failed (m1: Administrators only).',
      );
      calls = [];
      await expect(dataProvider.deleteMany('products', { ids: [] })).resolves.toEqual({ data: [] });
      expect(calls).toEqual([]);
    });
  });

  describe('When an export asks for more rows than a page holds', () => {
    it('should read pages of 100 until the total, and stop early at the end', async () => {
      const rows = Array.from({ length: 250 }, (_, i) => ({ id: `r${i}` }));
      answer = (url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return new Response(JSON.stringify({ items: rows.slice((page - 1) * 100, page * 100), total: rows.length }), {
          status: 200,
          headers: { 'x-total-count': '250' },
        });
      };
      const res = await dataProvider.getList('orders', {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: { from: '2026-01-01' },
      });
      expect(res.total).toBe(250);
      expect(res.data.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.toString())).toEqual([
        'page=1&limit=100&sort=created_at&order=desc&from=2026-01-01',
        'page=2&limit=100&sort=created_at&order=desc&from=2026-01-01',
        'page=3&limit=100&sort=created_at&order=desc&from=2026-01-01',
      ]);
    });
  });
});
