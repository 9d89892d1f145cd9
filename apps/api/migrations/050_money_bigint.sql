-- Money is bigint cents in every read model: an accepted order of 50 lines x 99 of a $7,850 ring
-- (3,885,750,000 cents) overflowed these integer columns and stopped the orders projection for good.
-- Replay copies the structure of rm (CREATE TABLE ... LIKE), so rebuilt tables get these types too.
-- The pool reads bigint as a number (platform/database/database.ts); validation keeps every
-- amount far below 2^53 (libs/contracts/src/limits.ts).
ALTER TABLE rm.orders
  ALTER COLUMN subtotal_cents TYPE bigint,
  ALTER COLUMN shipping_cents TYPE bigint,
  ALTER COLUMN tax_cents TYPE bigint,
  ALTER COLUMN total_cents TYPE bigint;
ALTER TABLE rm.products
  ALTER COLUMN price_cents TYPE bigint,
  ALTER COLUMN original_price_cents TYPE bigint;
ALTER TABLE rm.payment_sessions ALTER COLUMN amount_cents TYPE bigint;
ALTER TABLE public.sandbox_payment_sessions ALTER COLUMN amount_cents TYPE bigint;
