import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { characters, FACES, FEATURES, UNICODE_RANGE, type Face } from './font-faces';

const stem = (f: Face) => `${f.pkg.split('/')[1]}-latin-${f.weight}-${f.style}`;
const modified = (path: string) => statSync(path).mtimeMs;

/**
 * Writes the faces of font-faces.ts, cut down, and their @font-face rules to src/theme/fonts/ (not
 * committed); skipped when those are newer than their @fontsource sources and the build files.
 */
export async function subsetFonts(root: string): Promise<void> {
  const out = join(root, 'src/theme/fonts');
  const require = createRequire(join(root, 'package.json'));
  const sources = FACES.map((f) => require.resolve(`${f.pkg}/files/${stem(f)}.woff2`));
  const css = join(out, 'fonts.css');
  const inputs = [fileURLToPath(import.meta.url), fileURLToPath(new URL('./font-faces.ts', import.meta.url)), ...sources];
  if (existsSync(css) && modified(css) > Math.max(...inputs.map(modified))) return;
  // Loaded only when there is work: the harfbuzz wasm takes a moment to start.
  const { default: subsetFont } = await import('subset-font');
  mkdirSync(out, { recursive: true });
  const text = characters(UNICODE_RANGE);
  const rules: string[] = [];
  for (const [i, face] of FACES.entries()) {
    const cut = await subsetFont(readFileSync(sources[i]), text, { targetFormat: 'woff2', keepFeatures: FEATURES });
    writeFileSync(join(out, `${stem(face)}.woff2`), cut);
    rules.push(
      `@font-face {\n  font-family: '${face.family}';\n  font-style: ${face.style};\n  font-display: swap;\n  font-weight: ${face.weight};\n` +
        `  src: url(./${stem(face)}.woff2) format('woff2');\n  unicode-range: ${UNICODE_RANGE};\n}\n`,
    );
  }
  writeFileSync(css, `/* Made by build/subset-fonts.ts from @fontsource; not edited by hand. */\n${rules.join('')}`);
}

/** Vite plugin: the cut-down fonts exist before any CSS is read. */
export function subsetFontsPlugin(root: string): Plugin {
  return { name: 'facet-subset-fonts', buildStart: () => subsetFonts(root) };
}
