// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type {
  OrderEvent,
  OrderRequested,
  OrderRequestedData,
  OrderStatusChanged,
  OrderPaid,
  OrderPaymentFailed,
  OrderCheckoutOpened,
  OrderExpired,
  OrderPaymentRejected,
  OrderRefundRequested,
  OrderNoteAdded,
  OrderState,
} from './domain/order';
export { ORDER_EVENT_TYPES, order, orderStream } from './domain/order';
// The ports other parts answer or ask through the buses (inventory: stock; payments: checkouts).
export { orderReference, orderVariantIds, ReleaseOrderStockCommand, ReserveOrderStockCommand } from './order-stock.port';
export type { StockLine } from './order-stock.port';
export {
  CloseOrderCheckoutsCommand,
  OrderedUnitsQuery,
  PayableOrderQuery,
  RecordCheckoutOpenedCommand,
  RefundPaymentCommand,
} from './order-payments.port';
export type { OrderPayer, PayableOrder } from './order-payments.port';
// Who may see an order (returns answers the same people) and the signed link its mails carry.
export { mayReadOrderPage } from './queries/order-page.query';
export { isValidOrderLinkToken, orderLinkToken, orderPageLink } from './order-link';
export type { OrderPageLink } from './reactors/order-mails';
export { OrdersHoldingErasureQuery } from './queries/orders-holding-erasure.query';
export { OrdersModule } from './orders.module';
