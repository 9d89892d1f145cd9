/** Order and consultation-request statuses, and the moves staff may make between them. */
export const ORDER_STATUSES = [
  'consultation_requested',
  'contacted',
  'quoted',
  'converted',
  'closed',
  'pending',
  'awaiting_payment',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `cancelled`: the shopper cancelled the payment on the provider's page (the order may still be paid). */
export const PAYMENT_STATUSES = ['pending_consultation', 'unpaid', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type OrderKind = 'consultation' | 'card';

/**
 * Allowed staff transitions. A consultation request moves through contacted, quoted, converted or closed;
 * a card order is pending until paid (the payment moves it to processing), then processing, shipped, delivered.
 * A declined or abandoned payment leaves it awaiting_payment (it may be paid again); an unpaid card order
 * expires on its own when its payment session's lifetime (PAYMENT_SESSION_TTL_SECONDS, 30 minutes) ends
 * (OrderExpired, not a staff move): the pieces held for it are released.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  consultation_requested: ['contacted', 'closed'],
  contacted: ['quoted', 'closed'],
  quoted: ['converted', 'closed'],
  converted: [],
  closed: [],
  pending: ['cancelled'],
  awaiting_payment: ['cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  expired: [],
};

/** Card orders in these statuses may still be paid (a new checkout session for the same order). */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'awaiting_payment'];

export function isPayableOrder(order: { kind?: string; status: string; payment_status: string }): boolean {
  return (
    (order.kind === undefined || order.kind === 'card') &&
    PAYABLE_ORDER_STATUSES.includes(order.status as OrderStatus) &&
    order.payment_status !== 'paid'
  );
}

/** How staff and shoppers read a status: 'awaiting_payment' -> 'Awaiting payment'. */
export function orderStatusLabel(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How staff and shoppers read a payment status ('cancelled' is the shopper's own cancel on the provider's page). */
export function paymentStatusLabel(status: string): string {
  if (status === 'pending_consultation') return 'Consultation (no payment)';
  if (status === 'cancelled') return 'Cancelled by the shopper';
  return orderStatusLabel(status);
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * The customer-facing message per status (spec section 4, Order statuses). With the payment status it stays
 * true for a card order: one still unpaid is not being processed, and an attempt the shopper left unfinished
 * (cancelled, or the page ran out) was not declined.
 */
export function orderStatusMessage(status: string, deliveredAt?: string | null, paymentStatus?: string): string {
  switch (status) {
    case 'pending':
      if (paymentStatus === 'unpaid') return 'Order received, awaiting payment: nothing has been charged yet';
      return 'Order received, processing will begin shortly';
    case 'awaiting_payment':
      if (paymentStatus === 'cancelled')
        return 'Awaiting payment: you cancelled the payment and nothing was charged. You can pay again, your order is kept';
      if (paymentStatus === 'expired')
        return 'Awaiting payment: the payment was not completed and nothing was charged. You can pay again, your order is kept';
      return 'Awaiting payment: your payment did not go through. You can pay again, your order is kept';
    case 'expired':
      return 'This order expired unpaid; nothing was charged and the pieces held for it were released';
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
