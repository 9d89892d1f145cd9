import { paging } from '../../platform/http/list-endpoint';
import { ListProductsQuery } from '../queries/product-queries';
import type { ListProductsQueryDto } from './dto/product.dto';

/** The product list a query string asks for: the storefront's list and the console's read the same filters, sorts and pages. */
export function productListQuery(q: ListProductsQueryDto): ListProductsQuery {
  return new ListProductsQuery({
    category: q.category,
    search: q.search,
    sortBy: q.sort_by ?? 'featured',
    priceRange: q.price_range ?? 'all',
    minPrice: q.min_price,
    maxPrice: q.max_price,
    inStock: q.in_stock,
    ...paging(q, 20),
  });
}
