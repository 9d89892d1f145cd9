import { PaymentSessionState } from '../domain/payment-session';
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

/** How a session stands as the log records it (Stripe: the webhook's word, or the payment worker's). */
export function checkoutStatusFromLog(state: PaymentSessionState): CheckoutStatus {
  const o = state.outcome;
  return {
    session_id: state.sessionId ?? '',
    payment_status: o === 'paid' || o === 'refunded' ? 'paid' : 'unpaid',
    status: o === 'open' ? 'open' : o === 'expired' || o === 'cancelled' ? 'expired' : 'complete',
    amount_total: state.amountCents,
    currency: state.currency,
    metadata: { order_id: state.orderId ?? '' },
    failure_reason: o === 'failed' ? 'The payment did not go through.' : null,
  };
}
