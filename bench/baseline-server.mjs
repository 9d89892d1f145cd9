// The read baseline: a minimal Fastify + pg server answering the same SQL with the same JSON as Facet's
// catalogue routes, without Nest, CQRS, validation, guards or caching. Started by bench/run.mjs.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20, options: '-c search_path=rm,public' });
const COLUMNS = `id, name, description, price_cents, original_price_cents, image, images, category, features,
  rating, reviews_count, in_stock, version, created_at, updated_at`;
const ORDER = {
  featured: 'featured_rank ASC',
  'price-low': 'price_cents ASC, featured_rank ASC',
  'price-high': 'price_cents DESC, featured_rank ASC',
  rating: 'rating DESC NULLS LAST, reviews_count DESC, featured_rank ASC',
  name: 'name ASC, featured_rank ASC',
};
const RANGES = {
  all: [null, null],
  'under-500': [null, 49999],
  '500-1000': [50000, 100000],
  '1000-2000': [100000, 200000],
  'over-2000': [200001, null],
};

const toProduct = (r) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: r.price_cents / 100,
  original_price: r.original_price_cents === null ? null : r.original_price_cents / 100,
  image: r.image,
  images: r.images?.length ? r.images : [r.image],
  category: r.category,
  features: r.features ?? [],
  rating: r.rating === null ? 4.5 : Number(r.rating),
  reviews_count: r.reviews_count ?? 0,
  in_stock: r.in_stock,
  version: r.version,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

async function list({ category, search, sort = 'featured', range = 'all', page = 1, limit = 20 }) {
  const where = [];
  const params = [];
  const add = (sql, v) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (category) add('category = ?', category);
  if (search) add(`(name || ' ' || description || ' ' || category || ' ' || features::text) ILIKE ?`, `%${search.toLowerCase()}%`);
  const [min, max] = RANGES[range] ?? RANGES.all;
  if (min !== null) add('price_cents >= ?', min);
  if (max !== null) add('price_cents <= ?', max);
  params.push(limit, (page - 1) * limit);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows } = await pool.query(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM products ${w} ORDER BY ${ORDER[sort] ?? ORDER.featured} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { products: rows.map(toProduct), total: rows.length ? Number(rows[0].total) : 0, page, limit };
}

const app = Fastify({ logger: false });
app.get('/api/products', (req) =>
  list({
    category: req.query.category,
    search: req.query.search,
    sort: req.query.sort_by,
    range: req.query.price_range,
    page: Number(req.query.page ?? 1),
    limit: Number(req.query.limit ?? 20),
  }),
);
app.get('/api/products/category/:category', (req) =>
  list({ category: req.params.category, sort: req.query.sort_by, range: req.query.price_range, limit: Number(req.query.limit ?? 50) }),
);
app.get('/api/products/:id', async (req, reply) => {
  const { rows } = await pool.query(`SELECT ${COLUMNS} FROM products WHERE id = $1`, [req.params.id]);
  if (!rows.length) return reply.code(404).send({ detail: 'Resource not found' });
  return toProduct(rows[0]);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline ready');
