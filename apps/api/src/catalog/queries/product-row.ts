import { Product } from '@facet/contracts';

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  image: string;
  images: string[];
  category: Product['category'];
  features: string[];
  rating: string | number | null;
  reviews_count: number | null;
  in_stock: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = `id, name, description, price_cents, original_price_cents, image, images, category, features,
  rating, reviews_count, in_stock, version, created_at, updated_at`;

/** The API's product: dollars, the spec's defaults for missing rating and review count. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    original_price: row.original_price_cents === null ? null : row.original_price_cents / 100,
    image: row.image,
    images: row.images?.length ? row.images : [row.image],
    category: row.category,
    features: row.features ?? [],
    rating: row.rating === null ? 4.5 : Number(row.rating),
    reviews_count: row.reviews_count ?? 0,
    in_stock: row.in_stock,
    version: row.version,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
