/**
 * The published port between orders and payments: the one file of orders that payments imports (and it
 * imports only the buses' base classes). Orders imports nothing from payments. Everything here goes through the CQRS
 * buses, so neither module imports the other; each message says who answers it.
 */
import { Command, Query } from '@nestjs/cqrs';

/** A card order that may be paid now, as the order's own stream has it. */
export interface PayableOrder {
  orderId: string;
  totalCents: number;
  /** What the total is made of (cents; they add up to it, or a provider is given the total as one line). */
  lines: { name: string; unitAmountCents: number; quantity: number }[];
  /** The one session a shopper may pay now, until it is paid, fails or expires. */
  openSession: { id: string; url: string; expiresAt: string } | null;
  /** When the order expires unpaid and its held pieces are released (null on orders placed before pay-by existed): no session outlasts it. */
  payBy: string | null;
  /** The stream revision read: recording a new session appends at it (a racing opener loses). */
  revision: number;
}

/** Who asks to pay an order: the signed-in customer (if any) and the orders this browser placed (its order-access cookie). */
export interface OrderPayer {
  customerId: string | null;
  ordersWithAccess: readonly string[];
}

/**
 * Answered by orders, from the order's own events: the units it bought of each variant its lines name (lines of
 * one variant added up; {} for an order not known or placed before variants). A refund that restocks never puts
 * back more than this (issue 51).
 */
export class OrderedUnitsQuery extends Query<Record<string, number>> {
  constructor(readonly orderId: string) {
    super();
  }
}

/**
 * Answered by orders: the order if the payer owns it and it may be paid; NotFoundError (also for an order
 * the payer does not own: a stranger with its id learns nothing), or ConflictError saying why it may not.
 */
export class PayableOrderQuery extends Query<PayableOrder> {
  constructor(
    readonly orderId: string,
    readonly payer: OrderPayer,
  ) {
    super();
  }
}

/** Answered by orders: a checkout session was opened for the order (409 when another was opened meanwhile). */
export class RecordCheckoutOpenedCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly sessionId: string,
    readonly url: string,
    readonly expiresAt: string,
    /** The open session this one replaces (which the caller saw ended), or null. */
    readonly replaces: string | null,
    readonly expectedRevision: number,
  ) {
    super();
  }
}

/**
 * Answered by payments: the order can no longer be paid, so these sessions (plus, when asked, every
 * session payments still has open for it) are ended at the provider, except `except`. Returns the ids the
 * provider reports as paid (a payment that landed first).
 */
export class CloseOrderCheckoutsCommand extends Command<string[]> {
  constructor(
    readonly orderId: string,
    readonly sessionIds: readonly string[],
    readonly options: { alsoOpenInPayments: boolean; except: string | null },
  ) {
    super();
  }
}

/** Answered by payments: give back a payment the order rejected, and record it (once). */
export class RefundPaymentCommand extends Command<void> {
  constructor(
    readonly sessionId: string,
    readonly reason: string,
  ) {
    super();
  }
}
