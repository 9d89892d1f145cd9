-- A dispute flags its order for staff (issue 51): rm.orders keeps when the first dispute was opened on the order's
-- payment (PaymentDisputed), shown on the console's order page. NULL: never disputed.
ALTER TABLE rm.orders
  ADD COLUMN disputed_at timestamptz;
