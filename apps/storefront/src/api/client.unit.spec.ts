import { api, ApiError, buildUrl, errorMessageFor, newUuid } from './client';

function respond(status: number, body: unknown) {
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  } as Response);
}

describe('API client', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('maps failures to the spec messages', () => {
    expect(errorMessageFor(404, { detail: 'x' })).toBe('Resource not found');
    expect(errorMessageFor(500, {})).toBe('Server error. Please try again later.');
    expect(errorMessageFor(503, { detail: 'x' })).toBe('Server error. Please try again later.');
    expect(errorMessageFor(409, { detail: 'The product changed' })).toBe('The product changed');
    expect(errorMessageFor(400, { message: 'nope' })).toBe('Something went wrong. Please try again.');
    expect(errorMessageFor(400, 'text')).toBe('Something went wrong. Please try again.');
  });

  it('builds URLs under /api, dropping empty query values', () => {
    expect(buildUrl('/products', { limit: 20, search: '', category: undefined, page: 1 })).toBe('/api/products?limit=20&page=1');
    expect(buildUrl('/categories')).toBe('/api/categories');
  });

  it('sends JSON with same-origin credentials and the X-Requested-With header', async () => {
    fetchMock.mockReturnValue(respond(201, { order_id: 'o1' }));
    const result = await api.post('/orders', { a: 1 }, { headers: { 'Idempotency-Key': 'k' } });
    expect(result).toEqual({ order_id: 'o1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/orders');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      'X-Requested-With': 'facet',
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': 'k',
    });
  });

  it('sends X-Requested-With on reads too', async () => {
    fetchMock.mockReturnValue(respond(200, { products: [] }));
    await api.get('/products');
    expect(fetchMock.mock.calls[0][1].headers['X-Requested-With']).toBe('facet');
  });

  it('rejects with an ApiError carrying the status and message, and logs it', async () => {
    fetchMock.mockReturnValue(respond(404, { detail: 'Resource not found' }));
    const error = await api.get('/products/x').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Resource not found', kind: 'http' });
    expect(console.error).toHaveBeenCalled();
  });

  it('gives up after 10 seconds', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/products').catch((e) => e);
    jest.advanceTimersByTime(9_999);
    await Promise.resolve();
    jest.advanceTimersByTime(1);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', message: 'Something went wrong. Please try again.' });
    jest.useRealTimers();
  });

  it('reports a network failure as such', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/products')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('makes v4 UUIDs', () => {
    const a = newUuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(a);
  });
});
