import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { characters, UNICODE_RANGE } from '../../build/font-faces';

/** Every file under dir whose name passes the test. */
function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'fonts' ? [] : files(path, test);
    return test(name) ? [path] : [];
  });
}

/**
 * Symbols none of the shop's faces has, even before cutting (the @fontsource latin files lack them), so the
 * system's font draws them: ♥, which engravers cut (ENGRAVING_ALLOWED, issue 40).
 */
const DRAWN_BY_THE_SYSTEM = new Set(['\u2665']);

describe('The cut-down fonts', () => {
  const kept = new Set(characters(UNICODE_RANGE));

  it('should keep accented Latin, typographic punctuation and the euro, and leave out other scripts', () => {
    for (const c of 'Lumière É ‘’ “” – — … · × € ™ − ← → $ 0123456789') expect(kept.has(c)).toBe(true);
    for (const c of 'łŁğİčřжα中') expect(kept.has(c)).toBe(false);
  });

  it("should hold every character of the storefront's texts, its shared wording and the seed catalogue", () => {
    const root = join(__dirname, '../../../..');
    const sources = [
      ...files(join(root, 'apps/storefront/src'), (n) => /\.(tsx?|css|html)$/.test(n) && !n.includes('.spec.')),
      ...files(join(root, 'libs/contracts/src'), (n) => n.endsWith('.ts') && !n.includes('.spec.')),
      join(root, 'apps/api/src/catalog/seed/seed-catalogue.json'),
    ];
    expect(sources.length).toBeGreaterThan(50);
    const missing = new Map<string, string>();
    for (const path of sources) {
      for (const c of readFileSync(path, 'utf8')) {
        if (c >= ' ' && c !== '\u2028' && !kept.has(c) && !DRAWN_BY_THE_SYSTEM.has(c) && !/\s/.test(c))
          missing.set(c, path.slice(root.length + 1));
      }
    }
    expect([...missing].map(([c, path]) => `${c} (U+${c.codePointAt(0)!.toString(16).toUpperCase()}) in ${path}`)).toEqual([]);
  });
});
