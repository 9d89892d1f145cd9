-- The card shown is the card charged: the sandbox provider keeps the last four digits of the card a session was
-- paid (or declined) with, as a real provider reports them, and rm.orders keeps those of the session that paid
-- the order (OrderPaid version 2). NULL: not paid by card, or paid before the charged card was recorded. The
-- last four typed in an order's payment block (rm.orders.last_4) are no longer shown as the card.
ALTER TABLE public.sandbox_payment_sessions
  ADD COLUMN card_last_4 text;
ALTER TABLE rm.orders
  ADD COLUMN card_last_4 text;
