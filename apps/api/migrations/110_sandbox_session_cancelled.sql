-- The sandbox provider remembers when the shopper cancelled a session on the hosted page (it ends expired and
-- unpaid, as before): the order's history then says the shopper cancelled it, not "Payment session expired".
ALTER TABLE public.sandbox_payment_sessions
  ADD COLUMN cancelled_at timestamptz;
