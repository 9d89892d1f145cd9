import { ProductInput } from '../domain/product';
import { StockRequest } from './initial-stock';

export class EditProductCommand {
  constructor(
    readonly productId: string,
    readonly changes: Partial<ProductInput>,
    /** The version the editor saw; a newer one means someone else saved first (409). */
    readonly expectedVersion?: number,
    /** Counts for variants sent stocked (taken for those new or made to order before). */
    readonly stock: readonly StockRequest[] = [],
  ) {}
}
