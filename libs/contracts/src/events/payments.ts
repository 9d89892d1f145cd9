import type { EventOf, SchemaTable } from './event';

// Placeholder (issue 42): the names and versions of this part's events; their payload types move here next.
export type PaymentEvent =
  | EventOf<'PaymentSessionOpened', unknown>
  | EventOf<'PaymentSucceeded', unknown>
  | EventOf<'PaymentFailed', unknown>
  | EventOf<'PaymentExpired', unknown>
  | EventOf<'PaymentRefunded', unknown>;

export const PAYMENT_EVENT_SCHEMAS: SchemaTable<PaymentEvent> = {
  PaymentSessionOpened: { version: 1 },
  PaymentSucceeded: { version: 1 },
  PaymentFailed: { version: 1 },
  PaymentExpired: { version: 1 },
  PaymentRefunded: { version: 1 },
};
