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
    /** What the units come back for, once (a return's receipt): the same key again returns nothing more. */
    readonly key?: string,
  ) {
    super();
  }
}

/**
 * The unit an exchange sends instead (a return's other size): reserved on the variant's stream under the return's
 * id and confirmed at once, so it leaves on hand as a sold unit does; refused with "... is sold out." when none is
 * left. The same return asking again holds what it held.
 */
export class ReserveExchangeUnitCommand extends Command<void> {
  constructor(
    readonly returnId: string,
    readonly variantId: string,
    readonly productId: string,
    readonly item: string,
  ) {
    super();
  }
}

/**
 * A staff refund said units of an order came back (issue 51; sent by the payments part's refund-restock
 * reactor): each variant's units go back on hand once per refund id, never more than the order's paid units
 * not yet returned. A made-to-order variant (no stock kept) has nothing to return.
 */
export class ReturnRefundedStockCommand extends Command<void> {
  constructor(
    readonly refundId: string,
    readonly orderId: string,
    readonly lines: readonly { variantId: string; quantity: number }[],
    readonly by: string,
  ) {
    super();
  }
}
