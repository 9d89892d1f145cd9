import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { INVENTORY_COMMAND_HANDLERS } from './commands/stock.handlers';
import { StockWriter } from './commands/stock-writer';
import { StockHolds } from './commands/stock-holds';
import { AdminInventoryController } from './http/admin-inventory.controller';
import { INVENTORY_SETTINGS, loadInventorySettings } from './inventory-settings';
import { InventoryProjection } from './projections/inventory.projection';
import { INVENTORY_QUERY_HANDLERS } from './queries/stock.queries';
import { OrderStockReactor } from './reactors/order-stock.reactor';
import { UnplacedReservationReactor, UnplacedReservationWorker } from './reactors/unplaced-reservations';

/**
 * Stock of stocked variants (issue 40), one stream per variant. It answers the catalogue's port
 * (catalog/inventory.port.ts: initial stock, availability) and orders' port (orders/order-stock.port.ts:
 * reserve and release), and follows orders through their events (confirm when paid, release when they end).
 */
@Module({
  imports: [CqrsModule],
  controllers: [AdminInventoryController],
  providers: [
    { provide: INVENTORY_SETTINGS, useFactory: () => loadInventorySettings() },
    StockWriter,
    StockHolds,
    ...INVENTORY_COMMAND_HANDLERS,
    ...INVENTORY_QUERY_HANDLERS,
    InventoryProjection,
    OrderStockReactor,
    UnplacedReservationReactor,
    UnplacedReservationWorker,
  ],
})
export class InventoryModule {}
