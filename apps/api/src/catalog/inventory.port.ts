import { Query } from '@nestjs/cqrs';

/**
 * What the catalogue asks of the inventory part (apps/api/src/inventory), which owns stock: the catalogue
 * never stores a count. Both go through the buses, so the catalogue does not import the inventory's code.
 */

/** Units still orderable now of each stocked variant named (on hand less reserved); a variant with no stock yet is absent. */
export class VariantAvailabilityQuery extends Query<Record<string, number>> {
  constructor(readonly variantIds: readonly string[]) {
    super();
  }
}

/** One stocked variant's stock as staff set it on the product form (reason 'initial stock'). */
export interface InitialStock {
  variantId: string;
  productId: string;
  quantity: number;
}
