import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { picture } from './artwork';

const ROOT = join(__dirname, '..', '..', '..', '..');
const PUBLIC = join(ROOT, 'apps/storefront/public');

// The build (scripts/ensure.sh, run by npm test) makes the pictures before the tests run.
describe('The artwork pictures the build makes (scripts/rasterize.mjs)', () => {
  it('should exist, as WebP, for every image of the seed catalogue', () => {
    const seed = JSON.parse(readFileSync(join(ROOT, 'apps/api/src/catalog/seed/seed-catalogue.json'), 'utf8')) as { images: string[] }[];
    const paths = new Set(seed.flatMap((p) => p.images));
    expect(paths.size).toBeGreaterThan(50);
    for (const path of paths) {
      const file = join(PUBLIC, picture(path));
      expect([path, existsSync(file)]).toEqual([path, true]);
      // RIFF....WEBP
      const head = readFileSync(file).subarray(0, 12);
      expect([path, head.toString('latin1', 0, 4), head.toString('latin1', 8, 12)]).toEqual([path, 'RIFF', 'WEBP']);
    }
  });
});
