/**
 * Timings of the home page's moving parts (spec sections 4 and 9): the hero advances every 5 s and wraps;
 * the featured 'Selection' rotates first after 3 s, then every 5 s, fading out for 1.2 s then in.
 */
export const HERO_INTERVAL_MS = 5000;
export const FEATURED_FIRST_MS = 3000;
export const FEATURED_EVERY_MS = 5000;
export const FEATURED_FADE_MS = 1200;
export const FEATURED_COUNT = 4;

/** The slide after (or before) the current one, wrapping at both ends. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** How long the featured product stays before its fade-out starts: 3 s the first time, 5 s after. */
export function featuredDelay(rotationsSoFar: number): number {
  return rotationsSoFar === 0 ? FEATURED_FIRST_MS : FEATURED_EVERY_MS;
}
