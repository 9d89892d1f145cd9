-- Returns (issue 51): one row per return of an order, folded from the returns part's events (ReturnRequested,
-- ReturnApproved, ReturnRefused, ReturnReceived, ReturnRefunded, ReturnExchanged). The shopper's order page and the
-- console's Returns resource read it; `history` is each step with its time and the note the shopper sees.
-- `subject_id` is the order's data subject: its erasure (CustomerDeleted) rewrites the reason and notes "erased".
CREATE TABLE rm.returns (
  id                   uuid PRIMARY KEY,
  order_id             uuid NOT NULL,
  subject_id           text NOT NULL,
  status               text NOT NULL,
  reason               text NOT NULL,
  lines                jsonb NOT NULL,
  note                 text NOT NULL DEFAULT '',
  refund_cents         bigint,
  restocking_fee_cents bigint,
  refund_id            text,
  exchange_variant_id  text,
  history              jsonb NOT NULL,
  requested_at         timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX returns_order ON rm.returns (order_id, requested_at);
CREATE INDEX returns_status ON rm.returns (status, requested_at DESC);
CREATE INDEX returns_requested ON rm.returns (requested_at DESC);
CREATE INDEX returns_subject ON rm.returns (subject_id);
