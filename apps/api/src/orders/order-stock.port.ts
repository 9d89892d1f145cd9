/**
 * The published port between orders and inventory (issue 40): placing an order holds the units of its
 * stocked lines, and an order that is never placed lets them go. Inventory answers both commands on the
 * CQRS bus and reads an order's lines through orderStockLines; orders imports nothing of inventory.
 */
import { Command } from '@nestjs/cqrs';
import { OrderRequestedData } from './domain/order';

export { orderStream } from './domain/order';
export { orderReference } from './queries/order-views';

/** Units of one stocked variant an order holds; `item` names it for a refusal ("Estate Ring (Size 6)"). */
export interface StockLine {
  variantId: string;
  productId: string;
  quantity: number;
  item: string;
}

/**
 * Answered by inventory: each line's units are reserved for the order on the variant's own stream, at the
 * revision read (retried on a concurrent write). When one is short, those already reserved are released
 * (reason 'order_not_placed') and a ConflictError says "Only N left of ..." or "... is sold out.". The same
 * order asking again holds what it held (a retried request reserves once).
 */
export class ReserveOrderStockCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly lines: readonly StockLine[],
    /**
     * The placing client (a keyed digest of its network, platform/http/client-address.ts), or null: its orders
     * not yet paid or confirmed hold at most STOCK_HOLD_CAP_PER_CLIENT units of a variant (409 past it).
     */
    readonly holder: string | null = null,
  ) {
    super();
  }
}

/** Answered by inventory: the order's open reservations on these variants are released (nothing when none is open). */
export class ReleaseOrderStockCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly variantIds: readonly string[],
    readonly reason: 'order_not_placed' | 'expired' | 'cancelled' | 'payment_failed',
  ) {
    super();
  }
}

/** The variants an order's lines name (lines of orders placed before variants name none). */
export function orderVariantIds(order: Pick<OrderRequestedData, 'items'>): string[] {
  return [...new Set(order.items.map((l) => l.variant_id).filter((id): id is string => typeof id === 'string' && id !== ''))];
}
