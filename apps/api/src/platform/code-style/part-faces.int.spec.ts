import { readdirSync, existsSync } from 'fs';
import { join } from 'path';

const SRC = join(__dirname, '..', '..');
const PARTS = readdirSync(SRC, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(SRC, d.name, 'index.ts')))
  .map((d) => d.name);

/**
 * Barrel files and Nest modules make import cycles easy (issue 42): a part whose face is loaded while another
 * face it imports is still loading would see undefined where a class or constant should be, and Nest would
 * fail to resolve a provider only at boot. Each face is loaded here first, in a fresh module registry (each part is
 * the entry once): each of its exports must be defined. (An int spec only for its time: each
 * fresh registry loads Nest and the shop again, about 4 s a part.)
 */
describe('The faces of the parts (their index.ts)', () => {
  it('should be one per part of the shop', () => {
    expect(PARTS.sort()).toEqual(
      [
        'audit',
        'catalog',
        'contact',
        'custom-designs',
        'customers',
        'health',
        'inventory',
        'mail',
        'orders',
        'payments',
        'returns',
        'reviews',
        'staff',
        'storefront',
      ].sort(),
    );
  });

  it.each(PARTS)('%s: should load first and export no undefined value', (part) => {
    jest.isolateModules(() => {
      const face = require(join(SRC, part)) as Record<string, unknown>;
      const undefinedExports = Object.keys(face).filter((name) => face[name] === undefined);
      expect(undefinedExports).toEqual([]);
      expect(Object.keys(face).length).toBeGreaterThan(0);
    });
  });
});
