#!/usr/bin/env node
// Makes a WebP beside each artwork SVG the storefront shows as a picture (products, hero, categories, about,
// custom design), at the SVG's own size. Chromium decodes every SVG <img> as a small document on the main
// thread (9-57 ms each, ~20 on the home page); a WebP decodes off it. Logos stay SVG (tiny and crisp).
// Skips a WebP that is newer than its SVG, so a rebuild costs nothing. Output is .gitignored.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const IMAGES = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'apps/storefront/public/images');
export const RASTER_FOLDERS = ['products', 'hero', 'categories', 'about', 'custom-design'];

let made = 0;
for (const folder of RASTER_FOLDERS) {
  const dir = join(IMAGES, folder);
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.svg')) continue;
    const svg = join(dir, name);
    const webp = svg.replace(/\.svg$/, '.webp');
    let fresh = false;
    try {
      fresh = statSync(webp).mtimeMs >= statSync(svg).mtimeMs;
    } catch {
      /* not made yet */
    }
    if (fresh) continue;
    await sharp(svg).webp({ quality: 82 }).toFile(webp);
    made++;
  }
}
if (made) console.log(`rasterized ${made} artwork images to WebP`);
