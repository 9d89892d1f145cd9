// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type {
  StockEvent,
  StockAdjusted,
  StockReserved,
  ReservationReleased,
  ReservationConfirmed,
  StockReturned,
} from './domain/variant-stock';
export { STOCK_EVENT_TYPES, variantStock, variantStream } from './domain/variant-stock';
// The commands other parts send on the bus (payments: a refund's units back; returns: a receipt's units back, keyed;
// an exchange's unit out).
export { ReserveExchangeUnitCommand, ReturnRefundedStockCommand, ReturnStockCommand } from './commands/stock.commands';
export { InventoryModule } from './inventory.module';
