import { Command } from '@nestjs/cqrs';

/** One refund as staff read it (GET /api/admin/orders/{id}/refunds). */
export interface RefundView {
  refund_id: string;
  number: number | null;
  amount_cents: number;
  currency: string;
  reason: string;
  by: string | null;
  restock: boolean;
  /** The lines that came back to stock, by variant ([] without restock, or on refunds from before lines were named). */
  restock_lines: { variant_id: string; quantity: number }[];
  created_at: string;
}

/** Staff give back part or all of an order's payment (POST /api/admin/orders/{id}/refunds). */
export class StaffRefundCommand extends Command<RefundView> {
  constructor(
    readonly orderId: string,
    readonly amountCents: number,
    readonly reason: string,
    readonly restock: boolean,
    readonly by: string,
    /** With restock: the order's lines that came back, by variant (checked by the payment's decider). */
    readonly lines?: readonly { variant_id: string; quantity: number }[],
  ) {
    super();
  }
}
