// Server render time of a product page, in process: the storefront's SSR bundle renders /product/{id}
// 200 times (after 30 warm-up renders) with the catalogue held in memory, as the API's catalogue cache holds
// it between changes; prints JSON { p50, p90, p99, bytes } in ms. Usage: node bench/ssr-render.mjs <shop url>
import { readFileSync } from 'fs';
import { createRequire } from 'module';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps/storefront/dist');
const RENDERS = Number(process.env.RENDERS ?? 200);
const shopUrl = process.argv[2] ?? 'http://127.0.0.1:3000';

const all = (await (await fetch(`${shopUrl}/api/products?limit=100`)).json()).products;
const list = (products, limit = 20, page = 1) => ({
  products: products.slice((page - 1) * limit, page * limit),
  total: products.length,
  page,
  limit,
});
const shop = {
  getProduct: async (id) => all.find((p) => p.id === id) ?? null,
  listProducts: async (q) =>
    list(
      all.filter((p) => !q.category || p.category === q.category),
      q.limit,
      q.page,
    ),
  productsInCategory: async (category, q) =>
    list(
      all.filter((p) => p.category === category),
      q.limit,
    ),
  randomProducts: async (limit) => all.slice(0, limit),
};

const { createRenderer } = createRequire(import.meta.url)(join(ROOT, 'apps/storefront/dist-server/entry-server.cjs'));
const render = createRenderer({
  shop,
  template: readFileSync(join(DIST, 'index.html'), 'utf8'),
  manifest: JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')),
  readAsset: (p) => readFileSync(join(DIST, p), 'utf8'),
  origin: shopUrl,
});

const path = `/product/${all[0].id}`;
let bytes = 0;
for (let i = 0; i < 30; i++) bytes = (await render(path)).html.length;
const times = [];
for (let i = 0; i < RENDERS; i++) {
  const t0 = process.hrtime.bigint();
  await render(path);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
times.sort((a, b) => a - b);
const at = (q) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2));
console.log(JSON.stringify({ renders: RENDERS, p50: at(0.5), p90: at(0.9), p99: at(0.99), bytes }));
