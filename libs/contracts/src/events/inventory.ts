import type { EventOf, SchemaTable } from './event';

// Placeholder (issue 42): the names and versions of this part's events; their payload types move here next.
export type InventoryEvent =
  | EventOf<'StockAdjusted', unknown>
  | EventOf<'StockReserved', unknown>
  | EventOf<'ReservationConfirmed', unknown>
  | EventOf<'ReservationReleased', unknown>
  | EventOf<'StockReturned', unknown>;

export const INVENTORY_EVENT_SCHEMAS: SchemaTable<InventoryEvent> = {
  StockAdjusted: { version: 1 },
  StockReserved: { version: 1 },
  ReservationConfirmed: { version: 1 },
  ReservationReleased: { version: 1 },
  StockReturned: { version: 1 },
};
