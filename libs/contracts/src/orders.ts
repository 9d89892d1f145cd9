/** Order and consultation-request statuses, and the moves staff may make between them. */
export const ORDER_STATUSES = [
  'consultation_requested',
  'contacted',
  'quoted',
  'converted',
  'closed',
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending_consultation', 'unpaid', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type OrderKind = 'consultation' | 'card';

/**
 * Allowed staff transitions. A consultation request moves through contacted, quoted, converted or closed;
 * a card order is pending until paid (the payment moves it to processing), then processing, shipped, delivered.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  consultation_requested: ['contacted', 'closed'],
  contacted: ['quoted', 'closed'],
  quoted: ['converted', 'closed'],
  converted: [],
  closed: [],
  pending: ['cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** The customer-facing message per status (spec section 4, Order statuses). */
export function orderStatusMessage(status: string, deliveredAt?: string | null): string {
  switch (status) {
    case 'pending':
      return 'Order received, processing will begin shortly';
    case 'processing':
      return 'Your order will ship within 1-2 business days';
    case 'shipped':
      return 'Your order has shipped, expected delivery in 2-3 business days';
    case 'delivered':
      return deliveredAt
        ? `Delivered on ${new Date(deliveredAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}`
        : 'Delivered';
    case 'consultation_requested':
      return 'Consultation requested: our specialists will contact you within 24-48 hours';
    case 'contacted':
      return 'Our specialists have been in touch about your request';
    case 'quoted':
      return 'A quote has been prepared for you';
    case 'converted':
      return 'Your consultation became an order';
    case 'closed':
      return 'This request is closed';
    case 'cancelled':
      return 'This order was cancelled';
    default:
      return '';
  }
}
