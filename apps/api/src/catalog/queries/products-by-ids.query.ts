import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { CatalogCache } from './catalog-cache';

/** What another part may know of a product to sell it: its name, price (cents), picture and stock. */
export interface ProductForSale {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  in_stock: boolean;
}

/**
 * The catalogue's answer to "these products, now" (orders price from it). Ids are compared as given:
 * pass them lower case. Products that are gone are simply absent.
 */
export class ProductsByIdsQuery extends Query<ProductForSale[]> {
  constructor(readonly ids: readonly string[]) {
    super();
  }
}

@QueryHandler(ProductsByIdsQuery)
export class ProductsByIdsHandler implements IQueryHandler<ProductsByIdsQuery, ProductForSale[]> {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: CatalogCache,
  ) {}

  execute({ ids }: ProductsByIdsQuery): Promise<ProductForSale[]> {
    // From the catalogue cache, which every products projection commit (in any process) clears.
    return this.cache.get(`order-pricing:${ids.join(',')}`, () =>
      this.db.query<ProductForSale>('SELECT id, name, price_cents, image, in_stock FROM products WHERE id = ANY($1::uuid[])', [ids]),
    );
  }
}
