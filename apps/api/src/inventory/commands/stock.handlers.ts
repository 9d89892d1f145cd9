import { VariantStockLevel } from '@facet/contracts';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SetInitialStockCommand } from '../../catalog';
import { ReleaseOrderStockCommand, ReserveOrderStockCommand } from '../../orders';
import { DatabaseService } from '../../platform/database/database.service';
import { productOfStockedVariant } from '../queries/stock.queries';
import { AdjustStockCommand, ReserveExchangeUnitCommand, ReturnRefundedStockCommand, ReturnStockCommand } from './stock.commands';
import { stockLevel, StockWriter } from './stock-writer';
import { StockHolds } from './stock-holds';

@CommandHandler(SetInitialStockCommand)
export class SetInitialStockHandler implements ICommandHandler<SetInitialStockCommand, void> {
  constructor(private readonly stock: StockWriter) {}

  async execute({ variantId, productId, quantity, by }: SetInitialStockCommand): Promise<void> {
    await this.stock.decide({ type: 'SetInitialStock', variantId, productId, quantity, by }, { waitForProjections: true });
  }
}

@CommandHandler(AdjustStockCommand)
export class AdjustStockHandler implements ICommandHandler<AdjustStockCommand, VariantStockLevel> {
  constructor(
    private readonly stock: StockWriter,
    private readonly db: DatabaseService,
  ) {}

  async execute({ variantId, change, reason, by }: AdjustStockCommand): Promise<VariantStockLevel> {
    // A stocked variant listed without a count gets its first one here (its product named by the catalogue).
    const productId = (await productOfStockedVariant(this.db, variantId)) ?? undefined;
    const state = await this.stock.decide(
      { type: 'Adjust', variantId, productId, delta: change.delta, setTo: change.setTo, reason, by },
      { waitForProjections: true },
    );
    return stockLevel(variantId, state);
  }
}

@CommandHandler(ReturnStockCommand)
export class ReturnStockHandler implements ICommandHandler<ReturnStockCommand, VariantStockLevel> {
  constructor(private readonly stock: StockWriter) {}

  async execute({ variantId, orderId, quantity, reason, by, key }: ReturnStockCommand): Promise<VariantStockLevel> {
    const state = await this.stock.decide({ type: 'Return', variantId, orderId, quantity, reason, by, key }, { waitForProjections: true });
    return stockLevel(variantId, state);
  }
}

@CommandHandler(ReturnRefundedStockCommand)
export class ReturnRefundedStockHandler implements ICommandHandler<ReturnRefundedStockCommand, void> {
  constructor(private readonly stock: StockWriter) {}

  async execute({ refundId, orderId, lines, by }: ReturnRefundedStockCommand): Promise<void> {
    for (const { variantId, quantity } of lines) {
      await this.stock.decide({ type: 'ReturnRefunded', variantId, orderId, refundId, quantity, by }, { waitForProjections: false });
    }
  }
}

@CommandHandler(ReserveExchangeUnitCommand)
export class ReserveExchangeUnitHandler implements ICommandHandler<ReserveExchangeUnitCommand, void> {
  constructor(private readonly stock: StockWriter) {}

  async execute({ returnId, variantId, productId, item }: ReserveExchangeUnitCommand): Promise<void> {
    // Reserve (refused when sold out), then confirm: the unit is the shopper's, as a paid order's is.
    await this.stock.decide({ type: 'Reserve', variantId, productId, orderId: returnId, quantity: 1, item }, { waitForProjections: false });
    await this.stock.decide({ type: 'Confirm', variantId, orderId: returnId }, { waitForProjections: true });
  }
}

@CommandHandler(ReserveOrderStockCommand)
export class ReserveOrderStockHandler implements ICommandHandler<ReserveOrderStockCommand, void> {
  constructor(
    private readonly stock: StockWriter,
    private readonly holds: StockHolds,
  ) {}

  async execute({ orderId, lines, holder }: ReserveOrderStockCommand): Promise<void> {
    // The client's holds first: past the cap nothing is reserved (409 saying the limit).
    if (holder) await this.holds.claim(holder, orderId, lines);
    const reserved: string[] = [];
    try {
      for (const line of lines) {
        await this.stock.decide(
          { type: 'Reserve', variantId: line.variantId, productId: line.productId, orderId, quantity: line.quantity, item: line.item },
          { waitForProjections: false },
        );
        reserved.push(line.variantId);
      }
    } catch (err) {
      // A later line is short: the order will not be placed, so what its earlier lines hold goes back.
      await releaseAll(this.stock, orderId, reserved, 'order_not_placed');
      if (holder) await this.holds.forget(orderId);
      throw err;
    }
  }
}

@CommandHandler(ReleaseOrderStockCommand)
export class ReleaseOrderStockHandler implements ICommandHandler<ReleaseOrderStockCommand, void> {
  constructor(private readonly stock: StockWriter) {}

  execute({ orderId, variantIds, reason }: ReleaseOrderStockCommand): Promise<void> {
    return releaseAll(this.stock, orderId, variantIds, reason);
  }
}

/** Releases the order's open reservation on each variant (nothing where none is open). */
export async function releaseAll(
  stock: StockWriter,
  orderId: string,
  variantIds: readonly string[],
  reason: ReleaseOrderStockCommand['reason'],
) {
  for (const variantId of variantIds) {
    await stock.decide({ type: 'Release', variantId, orderId, reason }, { waitForProjections: false });
  }
}

export const INVENTORY_COMMAND_HANDLERS = [
  SetInitialStockHandler,
  AdjustStockHandler,
  ReturnStockHandler,
  ReturnRefundedStockHandler,
  ReserveExchangeUnitHandler,
  ReserveOrderStockHandler,
  ReleaseOrderStockHandler,
];
