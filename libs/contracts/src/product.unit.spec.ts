import { PRICE_RANGE_BOUNDS, PRICE_RANGES } from './product';

describe('Price ranges', () => {
  // As the catalogue query reads them: price_cents >= round(min * 100) and <= round(max * 100).
  const contains = (range: (typeof PRICE_RANGES)[number], cents: number) => {
    const { min, max } = PRICE_RANGE_BOUNDS[range];
    return (min === null || cents >= Math.round(min * 100)) && (max === null || cents <= Math.round(max * 100));
  };

  it('should put every price, to the cent, in exactly one range besides "all"', () => {
    const ranges = PRICE_RANGES.filter((r) => r !== 'all');
    const misplaced: string[] = [];
    for (let cents = 0; cents <= 300_000; cents++) {
      const holding = ranges.filter((r) => contains(r, cents));
      if (holding.length !== 1) misplaced.push(`${cents / 100}: ${holding.join(', ') || 'none'}`);
    }
    expect(misplaced.slice(0, 5)).toEqual([]);
    expect(ranges.filter((r) => contains(r, 100_000))).toEqual(['500-1000']);
    expect(ranges.filter((r) => contains(r, 50_000))).toEqual(['500-1000']);
    expect(ranges.filter((r) => contains(r, 200_000))).toEqual(['1000-2000']);
  });
});
