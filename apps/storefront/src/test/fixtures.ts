import type { Product } from '@facet/contracts';

let n = 0;
/** A product as the API returns it, with overrides. */
export function product(overrides: Partial<Product> = {}): Product {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Piece ${n}`,
    description: 'A fine piece.',
    price: 1000,
    original_price: null,
    image: `/images/products/piece-${n}-1.svg`,
    images: [`/images/products/piece-${n}-1.svg`],
    category: 'women-rings',
    features: [],
    rating: 4.5,
    reviews_count: 10,
    in_stock: true,
    version: 1,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
