import { ByteBoundedMap, bytesOf, ENTRY_OVERHEAD_BYTES } from './byte-bounded-map';

describe('ByteBoundedMap', () => {
  const sized = (maxBytes: number) => new ByteBoundedMap<string, string>(maxBytes, (value) => bytesOf(value));

  it('should count each key as well as its value and an entry overhead', () => {
    const map = sized(1024 * 1024);
    map.set('k'.repeat(10_000), 'v');
    expect(map.bytes).toBe(10_000 + 1 + ENTRY_OVERHEAD_BYTES);
    map.set('€'.repeat(1000), '');
    expect(map.bytes).toBe(10_000 + 1 + ENTRY_OVERHEAD_BYTES + 2000 + ENTRY_OVERHEAD_BYTES);
    expect(bytesOf(Buffer.alloc(300))).toBe(300);
  });

  it('should drop the oldest entries once long keys with tiny values pass the budget, and never hold more', () => {
    const map = sized(100_000);
    for (let i = 0; i < 1000; i++) {
      map.set(`${i}:${'0'.repeat(15_000)}`, 'x');
      expect(map.bytes).toBeLessThanOrEqual(100_000);
    }
    // 15 KB keys: six fit in 100 KB, and they are the newest.
    expect(map.size).toBe(6);
    expect(map.get(`999:${'0'.repeat(15_000)}`)).toBe('x');
    expect(map.get(`993:${'0'.repeat(15_000)}`)).toBeUndefined();
  });

  it('should not keep an entry larger than the whole budget, nor the one it would replace', () => {
    const map = sized(1000);
    map.set('a', 'small');
    map.set('a', 'x'.repeat(2000));
    expect({ size: map.size, bytes: map.bytes, a: map.get('a') }).toEqual({ size: 0, bytes: 0, a: undefined });
  });

  it('should count a value again when it grows in place, evicting older entries for it', () => {
    const map = new ByteBoundedMap<string, { size: number }>(1000, (v) => v.size);
    const first = { size: 100 };
    map.set('first', first);
    map.set('second', { size: 100 });
    const counted = map.bytes;
    const second = map.get('second')!;
    second.size = 700;
    map.remeasure('second');
    expect(map.bytes).toBe(counted - 100 - bytesOf('first') - ENTRY_OVERHEAD_BYTES + 600);
    expect(map.get('first')).toBeUndefined();
    map.remeasure('gone'); // nothing to measure
    map.delete('second');
    map.clear();
    expect({ size: map.size, bytes: map.bytes }).toEqual({ size: 0, bytes: 0 });
  });
});
