import type { EventOf, SchemaTable } from './event';

// Placeholder (issue 42): the names and versions of this part's events; their payload types move here next.
export type OrderEvent =
  | EventOf<'OrderRequested', unknown>
  | EventOf<'OrderCheckoutOpened', unknown>
  | EventOf<'OrderPaid', unknown>
  | EventOf<'OrderPaymentFailed', unknown>
  | EventOf<'OrderPaymentRejected', unknown>
  | EventOf<'OrderStatusChanged', unknown>
  | EventOf<'OrderNoteAdded', unknown>
  | EventOf<'OrderRefundRequested', unknown>
  | EventOf<'OrderExpired', unknown>;

export const ORDER_EVENT_SCHEMAS: SchemaTable<OrderEvent> = {
  OrderRequested: { version: 1 },
  OrderCheckoutOpened: { version: 1 },
  OrderPaid: { version: 1 },
  OrderPaymentFailed: { version: 1 },
  OrderPaymentRejected: { version: 1 },
  OrderStatusChanged: { version: 1 },
  OrderNoteAdded: { version: 1 },
  OrderRefundRequested: { version: 1 },
  OrderExpired: { version: 1 },
};
