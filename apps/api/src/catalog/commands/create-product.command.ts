import { ProductInput } from '../domain/product';
import { StockRequest } from './initial-stock';

export class CreateProductCommand {
  constructor(
    readonly fields: ProductInput,
    /** Counts for stocked variants, recorded by the inventory once the product is listed. */
    readonly stock: readonly StockRequest[] = [],
  ) {}
}
