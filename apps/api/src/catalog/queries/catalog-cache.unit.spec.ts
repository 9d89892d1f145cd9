import type { DatabaseService } from '../../platform/database/database.service';
import type { ProjectionStatus } from '../../platform/projections/projection-status';
import { CatalogCache } from './catalog-cache';

describe('CatalogCache', () => {
  let advanced: () => void = () => undefined;
  const status = {
    onAdvanced: (_name: string, listener: () => void) => {
      advanced = listener;
      return () => undefined;
    },
  } as unknown as ProjectionStatus;
  const cacheOf = () => new CatalogCache(status, {} as DatabaseService);
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it("should count a key's length as well as its answer's", async () => {
    const cache = cacheOf();
    await cache.get('short', async () => ({ products: [] }));
    await settled();
    const small = cache.keptBytes;
    await cache.get(`list:${'q'.repeat(100_000)}`, async () => ({ products: [] }));
    await settled();
    expect(cache.keptBytes - small).toBeGreaterThanOrEqual(100_000);
  });

  it('should stay within 16 MB whatever the keys, keeping the newest, and forget all when the catalogue moves', async () => {
    const cache = cacheOf();
    const long = 'x'.repeat(20_000);
    for (let i = 0; i < 2000; i++) await cache.get(`list:${i}:${long}`, async () => ({ i }));
    await settled();
    expect(cache.keptBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(cache.keptBytes).toBeGreaterThan(15 * 1024 * 1024);
    const load = jest.fn(async () => ({ again: true }));
    await cache.get(`list:1999:${long}`, load);
    expect(load).not.toHaveBeenCalled();
    await cache.get(`list:0:${long}`, load);
    expect(load).toHaveBeenCalledTimes(1);

    advanced();
    expect(cache.keptBytes).toBe(0);
  });

  it('should count an answer once it has come, and not keep a failed one', async () => {
    const cache = cacheOf();
    const big = { products: Array.from({ length: 100 }, (_, i) => ({ id: i, name: 'n'.repeat(1000) })) };
    await cache.get('big', async () => big);
    await settled();
    expect(cache.keptBytes).toBeGreaterThanOrEqual(2 * JSON.stringify(big).length);
    const before = cache.keptBytes;
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await settled();
    expect(cache.keptBytes).toBe(before);
  });
});
