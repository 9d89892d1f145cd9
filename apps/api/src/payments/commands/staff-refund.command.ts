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
  ) {
    super();
  }
}
