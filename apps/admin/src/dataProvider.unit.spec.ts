import { CONFLICT_MESSAGE } from './api-error';
import { dataProvider, listUrl, productBody, productSort, withFormErrors } from './dataProvider';

interface Call {
  url: string;
  init: RequestInit;
}

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('dataProvider', () => {
  let calls: Call[];
  let next: () => Response;
  beforeEach(() => {
    calls = [];
    next = () => reply(200, {});
    global.fetch = jest.fn(async (url: any, init: any) => {
      calls.push({ url: String(url), init });
      return next();
    }) as any;
  });

  describe("When an administrator sets a staff member's password", () => {
    it('should PUT it to the member, with the CSRF header, and pass on the refusal', async () => {
      next = () => reply(200, { success: true, message: 'Password set' });
      expect(await dataProvider.setStaffPassword('a/b', 'Garnet-Cabochon-2032!')).toEqual({ success: true, message: 'Password set' });
      expect(calls[0].url).toBe('/api/admin/staff/a%2Fb/password');
      expect(calls[0].init.method).toBe('PUT');
      expect(JSON.parse(String(calls[0].init.body))).toEqual({ password: 'Garnet-Cabochon-2032!' });
      expect((calls[0].init.headers as Record<string, string>)['X-Requested-With']).toBe('facet');
      next = () => reply(400, { detail: 'Too weak', errors: [{ field: 'password', message: 'Too weak' }] });
      await expect(dataProvider.setStaffPassword('x', 'weak')).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('When a member changes their own password', () => {
    it('should PUT the current and the new one to /api/staff/me/password, and pass a refusal on in the form shape', async () => {
      next = () => reply(200, { success: true, message: 'Password changed. Please sign in again with your new password.' });
      expect((await dataProvider.changeOwnPassword('Old-Opal-2031!', 'New-Opal-2033!')).success).toBe(true);
      expect(calls[0].url).toBe('/api/staff/me/password');
      expect(calls[0].init.method).toBe('PUT');
      expect(JSON.parse(String(calls[0].init.body))).toEqual({ current_password: 'Old-Opal-2031!', password: 'New-Opal-2033!' });
      expect((calls[0].init.headers as Record<string, string>)['X-Requested-With']).toBe('facet');
      const wrong = 'The current password is not right.';
      next = () => reply(400, { detail: wrong, errors: [{ field: 'current_password', message: wrong }] });
      await expect(dataProvider.changeOwnPassword('x', 'New-Opal-2033!')).rejects.toMatchObject({
        status: 400,
        message: wrong,
        body: { errors: { current_password: wrong } },
      });
      next = () => reply(429, { detail: 'Too many wrong passwords. Please wait 1 minute and try again.' });
      await expect(dataProvider.changeOwnPassword('x', 'New-Opal-2033!')).rejects.toMatchObject({
        status: 429,
        message: 'Too many wrong passwords. Please wait 1 minute and try again.',
      });
    });
  });

  describe('When listing', () => {
    it('should send page, limit, sort, order, search and filters in the query string', () => {
      const url = listUrl('orders', {
        pagination: { page: 3, perPage: 50 },
        sort: { field: 'total', order: 'DESC' },
        filter: { q: 'ada', status: 'contacted', kind: 'consultation' },
      });
      const u = new URL(url, 'http://x');
      expect(u.pathname).toBe('/api/admin/orders');
      expect(Object.fromEntries(u.searchParams)).toEqual({
        page: '3',
        limit: '50',
        sort: 'total',
        order: 'desc',
        q: 'ada',
        status: 'contacted',
        kind: 'consultation',
      });
    });

    it('should cap the page size at 100 and leave out empty filters and the id sort', () => {
      const u = new URL(
        listUrl('customers', {
          pagination: { page: 1, perPage: 500 },
          sort: { field: 'id', order: 'ASC' },
          filter: { q: '', status: undefined },
        }),
        'http://x',
      );
      expect(Object.fromEntries(u.searchParams)).toEqual({ page: '1', limit: '100' });
    });

    it("should map product sorting onto the catalogue's sort_by words and the search onto `search`", () => {
      expect(productSort('price', 'ASC')).toBe('price-low');
      expect(productSort('price', 'DESC')).toBe('price-high');
      expect(productSort('name', 'ASC')).toBe('name');
      expect(productSort('rating', 'DESC')).toBe('rating');
      expect(productSort('featured', 'ASC')).toBe('featured');
      const u = new URL(
        listUrl('products', {
          pagination: { page: 2, perPage: 25 },
          sort: { field: 'price', order: 'DESC' },
          filter: { q: 'halo', category: 'women-rings' },
        }),
        'http://x',
      );
      expect(Object.fromEntries(u.searchParams)).toEqual({
        page: '2',
        limit: '25',
        sort_by: 'price-high',
        search: 'halo',
        category: 'women-rings',
      });
    });

    it('should map the audit log to /api/admin/audit/events with its filters', () => {
      const u = new URL(
        listUrl('audit-events', {
          pagination: { page: 1, perPage: 50 },
          sort: { field: 'id', order: 'DESC' },
          filter: { type: 'ProductEdited', stream: 'product-' },
        }),
        'http://x',
      );
      expect(u.pathname).toBe('/api/admin/audit/events');
      expect(u.searchParams.get('type')).toBe('ProductEdited');
      expect(u.searchParams.get('stream')).toBe('product-');
    });

    it('should take the total from x-total-count, else from the body', async () => {
      next = () => reply(200, { items: [{ id: 'a' }, { id: 'b' }], total: 99 }, { 'x-total-count': '42' });
      expect(
        await dataProvider.getList('orders', {
          pagination: { page: 1, perPage: 2 },
          sort: { field: 'created_at', order: 'DESC' },
          filter: {},
        }),
      ).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total: 42 });
      next = () => reply(200, { products: [{ id: 'p' }], total: 7 });
      expect(
        await dataProvider.getList('products', {
          pagination: { page: 1, perPage: 2 },
          sort: { field: 'featured', order: 'ASC' },
          filter: {},
        }),
      ).toEqual({ data: [{ id: 'p' }], total: 7 });
    });

    it('should pass an estimated total on as meta.totalEstimated, for the pagination to read "about"', async () => {
      next = () =>
        reply(
          200,
          { items: [{ id: 'a' }], total: 71_000, total_estimated: true },
          { 'x-total-count': '71000', 'x-total-estimated': 'true' },
        );
      const params = { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' as const }, filter: { q: 'smith' } };
      expect(await dataProvider.getList('orders', params)).toEqual({ data: [{ id: 'a' }], total: 71_000, meta: { totalEstimated: true } });
      next = () => reply(200, { items: [{ id: 'a' }], total: 1 }, { 'x-total-count': '1' });
      expect(await dataProvider.getList('orders', params)).not.toHaveProperty('meta');
    });

    it('should read one product where the storefront does (no admin read route), other records under /api/admin', async () => {
      next = () => reply(200, { id: 'p1', version: 2 });
      await dataProvider.getOne('products', { id: 'p1' });
      await dataProvider.getOne('orders', { id: 'o1' });
      expect(calls.map((c) => c.url)).toEqual(['/api/products/p1', '/api/admin/orders/o1']);
    });

    it('should send the CSRF header with same-origin credentials', async () => {
      next = () => reply(200, { items: [], total: 0 });
      await dataProvider.getList('customers', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: {},
      });
      expect((calls[0].init.headers as Record<string, string>)['X-Requested-With']).toBe('facet');
      expect(calls[0].init.credentials).toBe('same-origin');
    });
  });

  describe('When saving a product', () => {
    it('should send decimals, trimmed features and the version it edited', async () => {
      next = () => reply(200, { id: 'p1', version: 4, price: 12.5 });
      await dataProvider.update('products', {
        id: 'p1',
        data: {
          id: 'p1',
          name: 'Ring',
          price: '12.50',
          features: [' Gold ', '', 'Halo'],
          version: 3,
          created_at: 'x',
          image: '/media/a.png',
        },
        previousData: { id: 'p1', version: 3, image: '/media/old.png' } as any,
      });
      expect(calls[0].url).toBe('/api/admin/products/p1');
      expect(calls[0].init.method).toBe('PUT');
      expect(JSON.parse(String(calls[0].init.body))).toEqual({
        name: 'Ring',
        price: 12.5,
        features: ['Gold', 'Halo'],
        image: '/media/a.png',
        images: ['/media/a.png'],
        version: 3,
      });
    });

    it('should not send a version on create', () => {
      expect(productBody({ name: 'N', price: 5, category: 'men-rings' })).toEqual({ name: 'N', price: 5, category: 'men-rings' });
    });

    it('should turn a stale edit (409) into the conflict message, keeping the status', async () => {
      next = () =>
        reply(409, {
          detail: 'This record was changed by someone else meanwhile (expected revision 3, found 4). Reload it and try again.',
        });
      const err = await dataProvider
        .update('products', { id: 'p1', data: { price: 1 }, previousData: { id: 'p1', version: 3 } as any })
        .catch((e) => e);
      expect(err.status).toBe(409);
      expect(err.message).toBe(
        'This record was changed by someone else meanwhile (expected revision 3, found 4). Reload it and try again.',
      );
      next = () => reply(409, null);
      const bare = await dataProvider
        .update('products', { id: 'p1', data: { price: 1 }, previousData: { id: 'p1', version: 3 } as any })
        .catch((e) => e);
      expect(bare.message).toBe(CONFLICT_MESSAGE);
    });

    it("should follow the spec's API helper messages for other failures", async () => {
      next = () => reply(404, { detail: 'Resource not found' });
      expect((await dataProvider.getOne('products', { id: 'x' }).catch((e) => e)).message).toBe('Resource not found');
      next = () => reply(500, { detail: 'boom' });
      expect((await dataProvider.getOne('products', { id: 'x' }).catch((e) => e)).message).toBe('Server error. Please try again later.');
      next = () => reply(400, { detail: 'price must be positive' });
      expect((await dataProvider.create('products', { data: { price: -1 } }).catch((e) => e)).message).toBe('price must be positive');
      next = () => reply(400, 'nope');
      expect((await dataProvider.create('products', { data: {} }).catch((e) => e)).message).toBe('Something went wrong. Please try again.');
    });
  });

  describe('When managing staff', () => {
    it('should list staff with the search and role filter in the query string', () => {
      const u = new URL(
        listUrl('staff', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'email', order: 'ASC' },
          filter: { q: 'clara', role: 'staff' },
        }),
        'http://x',
      );
      expect(u.pathname).toBe('/api/admin/staff');
      expect(Object.fromEntries(u.searchParams)).toEqual({
        page: '1',
        limit: '25',
        sort: 'email',
        order: 'asc',
        q: 'clara',
        role: 'staff',
      });
    });

    it('should read one member from GET /api/admin/staff/{id}, and pass a 404 on', async () => {
      next = () => reply(200, { id: 'clara', role: 'staff' });
      expect((await dataProvider.getOne('staff', { id: 'clara' })).data).toEqual({ id: 'clara', role: 'staff' });
      expect(calls.map((c) => c.url)).toEqual(['/api/admin/staff/clara']);
      next = () => reply(404, { detail: 'No such staff member.' });
      const err = await dataProvider.getOne('staff', { id: 'gone' }).catch((e) => e);
      expect([err.status, err.message]).toEqual([404, 'Resource not found']);
    });

    it('should create with the form fields and change nothing but the role on edit', async () => {
      next = () => reply(201, { id: 's1', email: 'clara@facet.test', name: 'Clara', role: 'staff', created_at: 'x' });
      await dataProvider.create('staff', { data: { email: 'clara@facet.test', name: 'Clara', role: 'staff', password: 'Pw-1985!x' } });
      await dataProvider.update('staff', {
        id: 's1',
        data: { id: 's1', email: 'clara@facet.test', name: 'Clara', role: 'admin', created_at: 'x' },
        previousData: { id: 's1', role: 'staff' } as any,
      });
      expect(calls.map((c) => [c.init.method, c.url, JSON.parse(String(c.init.body))])).toEqual([
        ['POST', '/api/admin/staff', { email: 'clara@facet.test', name: 'Clara', role: 'staff', password: 'Pw-1985!x' }],
        ['PUT', '/api/admin/staff/s1', { role: 'admin' }],
      ]);
    });

    it("should pass the server's refusal on in react-admin's form shape, its detail as the form's notice", async () => {
      const detail = 'Password requirements not met: use at least 8 characters.';
      next = () => reply(400, { detail, errors: [{ field: 'password', message: detail }] });
      const err = await dataProvider.create('staff', { data: { password: 'weak' } }).catch((e) => e);
      expect(err.message).toBe(detail);
      expect(err.body.errors).toEqual({ root: { serverError: detail }, password: detail });
      next = () => reply(409, { detail: 'You cannot change your own role or remove your own account; ask another administrator.' });
      const own = await dataProvider.delete('staff', { id: 'me' }).catch((e) => e);
      expect([own.status, own.message]).toEqual([
        409,
        'You cannot change your own role or remove your own account; ask another administrator.',
      ]);
      expect(withFormErrors({ detail: 'x' })).toEqual({ detail: 'x' });
    });
  });

  describe('When using its own verbs', () => {
    it('should move an order and a custom design the same way, PUT with the status and an optional note', async () => {
      await dataProvider.changeStatus('orders', 'o1', 'contacted', '  called  ');
      await dataProvider.changeStatus('custom-designs', 'd1', 'in_progress', '');
      expect(calls.map((c) => [c.init.method, c.url, JSON.parse(String(c.init.body))])).toEqual([
        ['PUT', '/api/admin/orders/o1', { status: 'contacted', note: 'called' }],
        ['PUT', '/api/admin/custom-designs/d1', { status: 'in_progress' }],
      ]);
    });

    it('should refuse a non-image upload with the spec message before calling the API', async () => {
      const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
      await expect(dataProvider.uploadImage(file)).rejects.toThrow(
        'Invalid file type: Please select a valid image file (JPG, PNG, GIF, etc.)',
      );
      expect(calls).toHaveLength(0);
    });

    it('should read a stream history, empty when the stream is unknown', async () => {
      next = () => reply(200, { stream_id: 'product-1', events: [{ id: 'e1' }] });
      expect(await dataProvider.streamHistory('product-1')).toEqual([{ id: 'e1' }]);
      expect(calls[0].url).toBe('/api/admin/audit/streams/product-1');
      next = () => reply(404, { detail: 'Resource not found' });
      expect(await dataProvider.streamHistory('product-2')).toEqual([]);
    });
  });

  describe('When handling parked events', () => {
    it('should list a page of them for a consumer, read one, and retry it with the CSRF header', async () => {
      next = () => reply(200, { items: [{ id: '7' }], total: 1, page: 2, limit: 25 });
      expect(await dataProvider.parkedEvents(2, 'projection:orders')).toEqual({ items: [{ id: '7' }], total: 1 });
      expect(calls[0].url).toBe('/api/admin/parked-events?page=2&limit=25&consumer=projection%3Aorders');
      next = () => reply(200, { id: '7', event: null });
      await dataProvider.parkedEvent('7/../x');
      expect(calls[1].url).toBe('/api/admin/parked-events/7%2F..%2Fx');
      next = () => reply(200, { retried: 2, still_parked: 0, error: null });
      expect(await dataProvider.retryParked('7')).toEqual({ retried: 2, still_parked: 0, error: null });
      expect(calls[2].url).toBe('/api/admin/parked-events/7/retry');
      expect(calls[2].init.method).toBe('POST');
      expect((calls[2].init.headers as Record<string, string>)['X-Requested-With']).toBe('facet');
    });

    it('should show the server error message when a retry is refused', async () => {
      next = () => reply(500, { detail: 'boom' });
      await expect(dataProvider.retryParked('7')).rejects.toThrow('Server error. Please try again later.');
    });
  });
});
