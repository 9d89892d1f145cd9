import { Command } from '@nestjs/cqrs';
import { VariantStockLevel } from '@facet/contracts';

/** Staff change a variant's units on hand by `delta`, or to `setTo`, with a reason; answers the counts after. */
export class AdjustStockCommand extends Command<VariantStockLevel> {
  constructor(
    readonly variantId: string,
    readonly change: { delta?: number; setTo?: number },
    readonly reason: string,
    readonly by: string,
  ) {
    super();
  }
}

/** Staff put units back on hand (of a paid order, or not), with a reason; answers the counts after. */
export class ReturnStockCommand extends Command<VariantStockLevel> {
  constructor(
    readonly variantId: string,
    readonly orderId: string | null,
    readonly quantity: number,
    readonly reason: string,
    readonly by: string,
  ) {
    super();
  }
}
