import { ProviderSession } from '../provider/payment-provider';

/** How a checkout session stands, as the storefront's return page reads it (amount in cents). */
export interface CheckoutStatus {
  session_id: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  currency: string;
  metadata: { order_id: string };
  failure_reason: string | null;
}

export function toCheckoutStatus(s: ProviderSession): CheckoutStatus {
  return {
    session_id: s.id,
    payment_status: s.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    status: s.status,
    amount_total: s.amountCents,
    currency: s.currency,
    metadata: { order_id: s.orderId },
    failure_reason: s.reason,
  };
}
