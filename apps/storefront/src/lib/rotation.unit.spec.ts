import { FEATURED_COUNT, FEATURED_FADE_MS, featuredDelay, HERO_INTERVAL_MS, wrapIndex } from './rotation';

describe('home page timings', () => {
  it('advances the hero every 5 s and wraps at both ends', () => {
    expect(HERO_INTERVAL_MS).toBe(5000);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(2, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('rotates the featured piece first after 3 s, then every 5 s, with 1.2 s fades, over 4 pieces', () => {
    expect(featuredDelay(0)).toBe(3000);
    expect(featuredDelay(1)).toBe(5000);
    expect(featuredDelay(7)).toBe(5000);
    expect(FEATURED_FADE_MS).toBe(1200);
    expect(FEATURED_COUNT).toBe(4);
  });
});
