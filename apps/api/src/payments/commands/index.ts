import { CloseOrderCheckoutsHandler } from './close-order-checkouts.handler';
import { OpenCheckoutHandler } from './open-checkout.handler';
import { RefundPaymentHandler } from './refund-payment.handler';
import { SettleSessionHandler } from './settle-session.handler';
import { StripeWebhookHandler } from './stripe-webhook.handler';

export const COMMAND_HANDLERS = [
  OpenCheckoutHandler,
  SettleSessionHandler,
  CloseOrderCheckoutsHandler,
  RefundPaymentHandler,
  StripeWebhookHandler,
];
