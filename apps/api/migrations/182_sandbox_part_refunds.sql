-- Staff refunds, whole or in part (issue 51): the sandbox provider keeps each refund it made, by the command's
-- Idempotency-Key (refund:<session>:<n>), as an outside provider does: the same key answers the same refund, and
-- the refunds of a session never add up to more than it took.
CREATE TABLE public.sandbox_refunds (
  idempotency_key text PRIMARY KEY,
  session_id      text NOT NULL REFERENCES public.sandbox_payment_sessions (id),
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  refund_id       text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_refunds_session ON public.sandbox_refunds (session_id);
