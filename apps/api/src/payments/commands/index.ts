import { CloseOrderCheckoutsHandler } from './close-order-checkouts.handler';
import { OpenCheckoutHandler } from './open-checkout.handler';
import { RefundPaymentHandler } from './refund-payment.handler';
import { SettleSessionHandler } from './settle-session.handler';
import { StaffRefundHandler } from './staff-refund.handler';
import { StripeWebhookHandler } from './stripe-webhook.handler';

export const COMMAND_HANDLERS = [
  OpenCheckoutHandler,
  SettleSessionHandler,
  CloseOrderCheckoutsHandler,
  RefundPaymentHandler,
  StripeWebhookHandler,
  StaffRefundHandler,
];
