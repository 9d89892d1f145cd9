/**
 * The picture to show for an artwork path. The project's artwork is drawn as SVG (catalogue data and events
 * keep those paths); the build makes a WebP beside each one (scripts/rasterize.mjs), which the browser
 * decodes off the main thread, where an SVG <img> is laid out as a small document on it. Logos, uploads and
 * anything else pass through unchanged.
 */
const ARTWORK_SVG = /^\/images\/(products|hero|categories|about|custom-design)\/[a-z0-9-]+\.svg$/;

export function picture(src: string): string {
  return ARTWORK_SVG.test(src) ? src.slice(0, -'.svg'.length) + '.webp' : src;
}
