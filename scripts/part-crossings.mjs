// Lists every import in apps/api/src from one part into another part's non-index file (issue 42: one face per
// part). A part is a top-level folder of apps/api/src; platform/ is the ground floor and may be imported
// deeply; files directly under src/ (app.module, bootstrap, main) are the composition root. With --tests, spec
// files are counted too (they are exempt from the lint rule where they must reach internals).
// Usage: node scripts/part-crossings.mjs [--tests] [--platform]   (--platform also lists pairs of platform/
// folders that import each other, such as event-store <-> context before issue 42)
import { readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve, sep } from 'path';

const SRC = resolve(import.meta.dirname, '..', 'apps', 'api', 'src');
const withTests = process.argv.includes('--tests');
const GROUND = new Set(['platform']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

const partOf = (file) => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : null;
};
const isSpec = (file) => /\.(spec|contract)\.ts$/.test(file);

const crossings = [];
const platformEdges = new Set();
for (const file of files(SRC)) {
  if (isSpec(file) && !withTests) continue;
  const from = partOf(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|require\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  )) {
    const spec = m[1] ?? m[2] ?? m[3];
    const target = resolve(dirname(file), spec);
    if (!target.startsWith(SRC + sep)) continue;
    const to = partOf(target + '.ts') ?? partOf(target);
    const rel = relative(SRC, target).split(sep);
    const fromRel = relative(SRC, file).split(sep);
    if (from === 'platform' && to === 'platform' && fromRel.length > 2 && rel.length > 2 && fromRel[1] !== rel[1]) {
      platformEdges.add(`${fromRel[1]} -> ${rel[1]}`);
    }
    if (!to || to === from || GROUND.has(to)) continue;
    // The face: the part folder itself (its index.ts) or <part>/index.
    const face = rel.length === 1 || (rel.length === 2 && rel[1] === 'index');
    if (face) continue;
    crossings.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
  }
}
if (process.argv.includes('--platform')) {
  const pairs = [...platformEdges].filter(
    (e) => e < e.split(' -> ').reverse().join(' -> ') && platformEdges.has(e.split(' -> ').reverse().join(' -> ')),
  );
  for (const p of pairs) console.log(`platform folders importing each other: ${p.replace(' -> ', ' <-> ')}`);
  console.log(`${pairs.length} pair(s) of platform folders importing each other`);
}
for (const c of crossings) console.log(c);
console.log(`${crossings.length} deep import(s) across parts`);
