-- Orders a shopper can trust: the order's one open checkout session, when an unpaid card order expires,
-- and money given back for payments that landed on an order that could not take them.
ALTER TABLE rm.orders
  ADD COLUMN payment_session_id text,
  ADD COLUMN pay_by timestamptz,
  ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0;
CREATE INDEX orders_payment_status ON rm.orders (payment_status);

-- The sandbox provider's refunds (it stands in for an outside provider's records).
ALTER TABLE public.sandbox_payment_sessions
  ADD COLUMN refund_id text,
  ADD COLUMN refunded_at timestamptz;
CREATE INDEX sandbox_payment_sessions_order ON public.sandbox_payment_sessions (order_id);
