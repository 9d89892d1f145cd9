import { GetProductHandler, ListProductsHandler, RandomProductsHandler } from './product-queries';

export const QUERY_HANDLERS = [ListProductsHandler, GetProductHandler, RandomProductsHandler];
