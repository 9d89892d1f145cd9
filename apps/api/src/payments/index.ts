// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type {
  PaymentEvent,
  PaymentSessionOpened,
  PaymentSucceeded,
  PaymentFailed,
  PaymentExpired,
  PaymentCancelled,
  PaymentRefunded,
} from './domain/payment-session';
export { PAYMENT_EVENT_TYPES, paymentStream } from './domain/payment-session';
// Staff refunds, whole or in part: the returns part refunds a received return through it.
export { StaffRefundCommand } from './commands/staff-refund.command';
export type { RefundView } from './commands/staff-refund.command';
export { PaymentsModule } from './payments.module';
