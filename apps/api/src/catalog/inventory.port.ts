import { Command, Query } from '@nestjs/cqrs';

/**
 * What the catalogue asks of the inventory part (apps/api/src/inventory), which owns stock: product events
 * never carry a count. Both go through the buses (the inventory handles them), so the catalogue does not
 * import the inventory's code.
 */

/**
 * The inventory's projection and read model: rm.variant_stock (variant_id, product_id, on_hand, reserved,
 * available), which the catalogue's lists read to say whether a piece can be ordered (product-row.ts,
 * ORDERABLE_SQL); its cache is cleared when this projection moves.
 */
export const INVENTORY_READ_MODEL = 'inventory';

/** A stocked variant's counts now: units on hand, held by unpaid orders, and still orderable (on hand less reserved). */
export interface VariantAvailability {
  on_hand: number;
  reserved: number;
  available: number;
}

/** The counts of each stocked variant named; a variant never given stock is absent. */
export class VariantAvailabilityQuery extends Query<Record<string, VariantAvailability>> {
  constructor(readonly variantIds: readonly string[]) {
    super();
  }
}

/**
 * A stocked variant's units on hand as staff gave them on the product form (or the seed), recorded by the
 * inventory with reason 'initial stock', `by` the staff member's id (or 'seed').
 */
export class SetInitialStockCommand extends Command<void> {
  constructor(
    readonly variantId: string,
    readonly productId: string,
    readonly quantity: number,
    readonly by: string,
  ) {
    super();
  }
}
