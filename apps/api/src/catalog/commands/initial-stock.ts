import { CommandBus } from '@nestjs/cqrs';
import { currentContext } from '../../platform/context/request-context';
import { optionsKey, VariantSpec } from '../domain/product';
import { SetInitialStockCommand } from '../inventory.port';

/** A count staff gave a variant on the product form, found again by its options once the variant has an id. */
export interface StockRequest {
  options: Record<string, string>;
  quantity: number;
}

/**
 * The stock to record after a product was created or edited: each stocked variant given a count that is new,
 * or was made to order before (a variant stocked already keeps its stock: staff change it with a reason in
 * the inventory routes). Counts of 0 record nothing.
 */
export function initialStockOf(
  productId: string,
  before: readonly VariantSpec[],
  after: readonly VariantSpec[],
  requests: readonly StockRequest[],
): SetInitialStockCommand[] {
  const stockedBefore = new Set(before.filter((v) => v.stock_mode === 'stocked').map((v) => v.variant_id));
  const quantities = new Map(requests.map((r) => [optionsKey(r.options), r.quantity]));
  return after
    .filter((v) => v.stock_mode === 'stocked' && !stockedBefore.has(v.variant_id))
    .map((v) => ({ variantId: v.variant_id, quantity: quantities.get(optionsKey(v.options)) ?? 0 }))
    .filter((s) => s.quantity > 0)
    .map((s) => new SetInitialStockCommand(s.variantId, productId, s.quantity, actorName()));
}

/** Who sets the stock: the signed-in staff member, or the system actor running (the seed). */
function actorName(): string {
  const actor = currentContext().actor;
  return actor.id ?? actor.type;
}

/** Hands the counts to the inventory (which records each as a StockAdjusted with reason 'initial stock'). */
export async function recordInitialStock(commands: CommandBus, stock: readonly SetInitialStockCommand[]): Promise<void> {
  for (const command of stock) await commands.execute(command);
}
