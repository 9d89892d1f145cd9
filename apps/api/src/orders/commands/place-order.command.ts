import { Command } from '@nestjs/cqrs';
import { Principal } from '../../platform/auth/principal';
import { ClaimedTotals, WantedLine } from '../domain/pricing';

/** What a shopper sends to place an order (the HTTP body, validated). */
export interface OrderRequest extends ClaimedTotals {
  items: WantedLine[];
  shipping: {
    first_name: string;
    last_name: string;
    email: string;
    phone?: string;
    address?: string;
    apartment?: string;
    city?: string;
    state?: string;
    zip_code?: string;
    country?: string;
  };
  payment: { card_name: string; last_4: string };
  status?: string;
  payment_status?: string;
}

/** Prices the order from the catalogue, checks what the shopper saw, and records OrderRequested; answers its id. */
export class PlaceOrderCommand extends Command<{ order_id: string }> {
  constructor(
    readonly request: OrderRequest,
    readonly principal: Principal | null,
    /** A repeated submit with the same key answers the first order. */
    readonly idempotencyKey?: string,
    /** The orders the placing browser holds (its order-access cookie): a guest's own order awaiting payment is reused. */
    readonly ordersWithAccess: readonly string[] = [],
    /**
     * The client's address as the shop decides it (request.ip: X-Forwarded-For only from TRUST_PROXY's peers),
     * or null from no HTTP request: the order throttle and the stock-hold cap count per client network.
     */
    readonly clientIp: string | null = null,
  ) {
    super();
  }
}
