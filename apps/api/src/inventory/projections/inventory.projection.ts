import { assertNever, InventoryEvent, OrderEvent, StockMovementKind } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { FoldProjection, ReadModel, ReadModelProjection } from '../../platform/projections';
import { asTextParameter } from '../../platform/projections/row-values';
import { INVENTORY_READ_MODEL } from '../../catalog';
import { STOCK_EVENT_TYPES } from '../domain/variant-stock';

/** How an event moves a variant's counts, and the ledger's kind and units for it. */
function movementOf(e: InventoryEvent): { kind: StockMovementKind; onHand: number; reserved: number; quantity: number } {
  switch (e.type) {
    case 'StockAdjusted':
      return { kind: 'adjusted', onHand: e.data.delta, reserved: 0, quantity: e.data.delta };
    case 'StockReserved':
      return { kind: 'reserved', onHand: 0, reserved: e.data.quantity, quantity: e.data.quantity };
    case 'ReservationReleased':
      return { kind: 'released', onHand: 0, reserved: -e.data.quantity, quantity: e.data.quantity };
    case 'ReservationConfirmed':
      return { kind: 'confirmed', onHand: -e.data.quantity, reserved: -e.data.quantity, quantity: -e.data.quantity };
    case 'StockReturned':
      return { kind: 'returned', onHand: e.data.quantity, reserved: 0, quantity: e.data.quantity };
    default:
      return assertNever(e);
  }
}

/** Staff confirmed a consultation request's hold (issue 49): its reservations say so (on the order's stream). */
type HoldConfirmed = Extract<OrderEvent, { type: 'ConsultationHoldConfirmed' }>;
type InventoryProjectionEvent = InventoryEvent | HoldConfirmed;

/** A variant's counts in rm.variant_stock. */
export type VariantStockRow = Record<string, unknown>;

/** One stock event's effect on its variant's counts; a stream revision already applied leaves them as they are. */
function evolveStock(row: VariantStockRow | null, event: RecordedEvent<InventoryProjectionEvent>): VariantStockRow | null {
  if (event.type === 'ConsultationHoldConfirmed') return row; // keyOf gives it no row: its work is the effect's
  if (row && Number(row.version) >= event.revision) return row; // applied before
  const m = movementOf(event);
  const onHand = (row ? Number(row.on_hand) : 0) + m.onHand;
  const reserved = (row ? Number(row.reserved) : 0) + m.reserved;
  return {
    // Text as the upsert's parameters stored it; the first event names the product (an upsert never moved it).
    variant_id: asTextParameter(event.data.variant_id),
    product_id: row ? row.product_id : asTextParameter(event.data.product_id),
    on_hand: onHand,
    reserved,
    available: Math.max(0, onHand - reserved),
    version: event.revision,
    updated_at: event.metadata.occurredAt,
  };
}

/**
 * The ledger's line of a stock event as an append: from the event and its variant's row after it, values as the
 * one-line INSERT's parameters sent them. Only an event that moved the counts has one: the row's version is then
 * its revision (one applied before leaves an equal line, which ON CONFLICT keeps).
 */
function ledgerLine(event: RecordedEvent<InventoryEvent>, row: VariantStockRow | null): Record<string, unknown>[] {
  if (!row || Number(row.version) !== event.revision) return [];
  const d = event.data;
  const m = movementOf(event);
  return [
    {
      variant_id: asTextParameter(d.variant_id),
      revision: event.revision,
      product_id: asTextParameter(d.product_id),
      kind: m.kind,
      quantity: asTextParameter(m.quantity),
      on_hand_after: row.on_hand,
      reserved_after: row.reserved,
      available_after: row.available,
      order_id: 'order_id' in d ? asTextParameter(d.order_id) : null,
      reason: 'reason' in d ? asTextParameter(d.reason) : null,
      actor: 'by' in d ? asTextParameter(d.by) : 'system',
      at: event.metadata.occurredAt,
    },
  ];
}

/**
 * The ledger's line of a stock event, with the counts after it as its variant's row now holds them. Only an event
 * that moved the counts has a line: the row's version is its revision (one applied before leaves an equal line,
 * which ON CONFLICT keeps).
 */
async function writeLedgerLine(tx: Tx, event: RecordedEvent<InventoryEvent>): Promise<boolean> {
  const d = event.data;
  const m = movementOf(event);
  const line = await tx.query(
    `INSERT INTO stock_ledger (variant_id, revision, product_id, kind, quantity, on_hand_after, reserved_after, available_after,
       order_id, reason, actor, at)
     SELECT $1, $2, $3, $4, $5, s.on_hand, s.reserved, s.available, $6, $7, $8, $9
     FROM variant_stock s WHERE s.variant_id = $1 AND s.version = $2
     ON CONFLICT DO NOTHING`,
    [
      d.variant_id,
      event.revision,
      d.product_id,
      m.kind,
      m.quantity,
      'order_id' in d ? d.order_id : null,
      'reason' in d ? d.reason : null,
      'by' in d ? d.by : 'system',
      event.metadata.occurredAt,
    ],
  );
  return (line.rowCount ?? 0) > 0;
}

/** A reservation released or confirmed by an event that moved the counts. */
async function closeReservation(
  tx: Tx,
  event: RecordedEvent<Extract<InventoryEvent, { type: 'ReservationReleased' | 'ReservationConfirmed' }>>,
) {
  if (!(await writeLedgerLine(tx, event))) return;
  await tx.query(
    `UPDATE stock_reservations SET status = $3, release_reason = $4, updated_at = $5 WHERE variant_id = $1 AND order_id = $2`,
    [
      event.data.variant_id,
      event.data.order_id,
      event.type === 'ReservationReleased' ? 'released' : 'confirmed',
      event.type === 'ReservationReleased' ? event.data.reason : null,
      event.metadata.occurredAt,
    ],
  );
}

/**
 * rm.variant_stock declared as a fold: each variant's counts from its events. The ledger (a line per movement, with
 * the counts after it) and the reservations (one per order and variant) are not the variant's rows: an adjustment's
 * or a return's line is an append (written with the batch), the reservations' work an effect.
 */
export const variantStockReadModel: ReadModel<InventoryProjectionEvent, VariantStockRow> = {
  name: INVENTORY_READ_MODEL, // the catalogue's lists read its counts and watch it move
  table: 'variant_stock',
  key: 'variant_id',
  eventTypes: [...STOCK_EVENT_TYPES, 'ConsultationHoldConfirmed'],
  keyOf: (event) => (event.type === 'ConsultationHoldConfirmed' ? null : String(asTextParameter(event.data.variant_id))),
  evolve: evolveStock,
  // The ledger lines of movements that only add a line: written with the batch, so they do not cut it.
  appends: {
    StockAdjusted: { name: 'write the ledger line', table: 'stock_ledger', lines: ledgerLine },
    StockReturned: { name: 'write the ledger line', table: 'stock_ledger', lines: ledgerLine },
  },
  effects: {
    StockReserved: {
      name: 'write the ledger line and open the reservation',
      async run(tx, event) {
        if (!(await writeLedgerLine(tx, event))) return;
        const d = event.data;
        await tx.query(
          `INSERT INTO stock_reservations AS r (variant_id, order_id, product_id, quantity, status, release_reason, created_at, updated_at)
           VALUES ($1, $2, $3, $4, 'open', NULL, $5, $5)
           ON CONFLICT (variant_id, order_id) DO UPDATE SET quantity = $4, status = 'open', release_reason = NULL, created_at = $5, updated_at = $5`,
          [d.variant_id, d.order_id, d.product_id, d.quantity, event.metadata.occurredAt],
        );
      },
    },
    ReservationReleased: { name: 'write the ledger line and release the reservation', run: closeReservation },
    ReservationConfirmed: { name: 'write the ledger line and confirm the reservation', run: closeReservation },
    // Staff confirmed a consultation's hold: its reservations say who and when (they came before it in the log).
    ConsultationHoldConfirmed: {
      name: "mark the consultation's reservations confirmed",
      async run(tx, event) {
        await tx.query(
          `UPDATE stock_reservations SET hold_confirmed_by = $2, hold_confirmed_at = $3 WHERE order_id = $1 AND hold_confirmed_by IS NULL`,
          [event.data.order_id.toLowerCase(), event.data.by, event.metadata.occurredAt],
        );
      },
    },
  },
};

/**
 * rm.variant_stock (counts per variant), rm.stock_ledger (every movement, with the counts after it) and
 * rm.stock_reservations (one per order and variant), run by the platform. Everything comes from the event and its
 * metadata, so a replay builds the same rows; a stream revision already applied is skipped. A consultation's hold
 * confirmed by staff marks its reservations (who, when): events apply in the log's order, so after its reservations.
 */
@Injectable()
@ReadModelProjection()
export class InventoryProjection extends FoldProjection<InventoryProjectionEvent> {
  constructor() {
    super(variantStockReadModel);
  }
}
