/**
 * Hard caps on amounts, far above anything the shop sells and far below what its storage holds (money is
 * bigint cents in every read model; JavaScript counts exactly up to 2^53). Validation enforces them, so no
 * accepted command can produce an amount a read model cannot store. Business limits sit well inside them.
 */

/** A product's price, in dollars. */
export const MAX_PRODUCT_PRICE = 1_000_000;

/** An order's total including tax and shipping, in cents ($100,000,000). */
export const MAX_ORDER_TOTAL_CENTS = 10_000_000_000;
