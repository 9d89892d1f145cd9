import { ReturnView, returnStatusLabel } from '@facet/contracts';
import { ReturnRow } from '../projections/returns.projection';

const dollars = (cents: unknown) => (cents === null || cents === undefined ? null : Number(cents) / 100);

/** A row of rm.returns as the shopper and staff read it (prices in dollars, as the order page shows them). */
export function toReturnView(row: ReturnRow): ReturnView {
  return {
    id: row.id,
    order_id: row.order_id,
    status: row.status,
    status_label: returnStatusLabel(row.status),
    reason: row.reason,
    lines: row.lines.map((l) => ({
      line: l.line,
      product_id: l.product_id,
      variant_id: l.variant_id,
      product_name: l.product_name,
      quantity: l.quantity,
      price: l.unit_price_cents / 100,
    })),
    note: row.note,
    refunded: dollars(row.refund_cents),
    restocking_fee: dollars(row.restocking_fee_cents),
    exchange_variant_id: row.exchange_variant_id,
    requested_at: new Date(row.requested_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    history: row.history.map((h) => ({
      at: new Date(h.at).toISOString(),
      status: h.status,
      label: returnStatusLabel(h.status),
      note: h.note,
    })),
  };
}
