// Writes .br and .gz beside every text file of a built front end, so the shop's static server
// (@fastify/static with preCompressed) sends them to browsers that accept them, with no work per request.
// Usage: node scripts/precompress.mjs apps/storefront/dist [more dirs]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'fs';
import { join } from 'path';
import { brotliCompressSync, constants, gzipSync } from 'zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

for (const dir of process.argv.slice(2)) {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const path of walk(dir).filter((p) => TEXT.test(p))) {
    const body = readFileSync(path);
    if (body.length < 1024) continue; // too small to be worth a second request path
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    files++;
    before += body.length;
    after += br.length;
  }
  console.log(`precompressed ${files} files in ${dir}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`);
}
