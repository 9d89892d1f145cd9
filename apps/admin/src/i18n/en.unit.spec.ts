import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { en, i18nProvider } from './en';

/** Every source file of the console (tests excluded): where translate keys are used. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The message keys written in the sources: translate('a.b'), and any quoted 'facet.…' / 'resources.…' / 'ra.…' key. */
export function keysUsed(source: string): string[] {
  const keys = new Set<string>();
  for (const m of source.matchAll(/\btranslate\(\s*['"`]([^'"`$]+)['"`]/g)) keys.add(m[1]);
  for (const m of source.matchAll(/['"`]((?:facet|ra|resources)\.[A-Za-z0-9_.-]+[A-Za-z0-9_])['"`]/g)) keys.add(m[1]);
  return [...keys];
}

function lookup(messages: unknown, key: string): unknown {
  // Resource names hold dashes and are one path segment (resources.custom-designs.fields.x).
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}

describe("the console's English messages", () => {
  const files = sourceFiles(join(__dirname, '..'));

  it('should hold every key the sources translate', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of files) {
      for (const key of keysUsed(readFileSync(file, 'utf8'))) {
        seen++;
        if (typeof lookup(en, key) !== 'string') missing.push(`${file.slice(file.indexOf('src/'))}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(seen).toBeGreaterThan(100); // the scan really finds the keys (a broken regex would pass vacuously)
  });

  it("should hold the keys built at run time (the custom design's choices)", () => {
    for (const field of ['category', 'jewelry_type', 'diamond_shape', 'diamond_size', 'metal_type', 'metal_karat', 'preferred_contact']) {
      expect(typeof lookup(en, `facet.design.${field}`)).toBe('string');
    }
  });

  it('should find a key that is not in the file, so a missing one fails', () => {
    const keys = keysUsed(`const t = translate('facet.nowhere.to_be_found'); notify("facet.queues.title");`);
    expect(keys).toEqual(['facet.nowhere.to_be_found', 'facet.queues.title']);
    expect(lookup(en, 'facet.nowhere.to_be_found')).toBeUndefined();
  });

  it('should interpolate and pluralise through polyglot', () => {
    expect(i18nProvider.translate('facet.bulk.deleted_products', { smart_count: 1 })).toBe('1 product deleted');
    expect(i18nProvider.translate('facet.bulk.deleted_products', { smart_count: 3 })).toBe('3 products deleted');
    expect(i18nProvider.translate('resources.custom-designs.fields.metal')).toBe('Metal');
    // The words the console journeys wait for, as notify() renders them (translate(message, messageArgs)).
    expect(i18nProvider.translate('facet.notice.status_updated', { status: 'Contacted' })).toBe('Status updated to Contacted');
    expect(i18nProvider.translate('facet.parked.retried', { smart_count: 1 })).toBe('Handled 1 parked event in order');
    expect(i18nProvider.translate('facet.parked.retried', { smart_count: 0 })).toBe('Handled 0 parked events in order');
    // A value is put in as it is, never read as a placeholder or a replacement pattern.
    expect(
      i18nProvider.translate('facet.history.caption', {
        revision: 2,
        last: 3,
        type: 'ProductEdited',
        at: 'x',
        actor: "%{last} $& $'\u0000",
      }),
    ).toBe("Version 2 of 3: ProductEdited, x by %{last} $& $'\u0000");
  });
});
