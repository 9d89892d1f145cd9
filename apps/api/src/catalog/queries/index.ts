import { GetProductHandler, ListProductsHandler, RandomProductsHandler } from './product-queries';
import { ProductsByIdsHandler } from './products-by-ids.query';

export const QUERY_HANDLERS = [ListProductsHandler, GetProductHandler, RandomProductsHandler, ProductsByIdsHandler];
