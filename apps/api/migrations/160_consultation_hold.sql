-- A consultation request's hold (issue 49): staff who confirmed it keep its units held past
-- CONSULTATION_HOLD_HOURS (ConsultationHoldConfirmed on the order's stream, projected by the inventory
-- projection onto the order's reservations). NULL: not confirmed (a lapsed hold is released, reason expired).
ALTER TABLE rm.stock_reservations
  ADD COLUMN hold_confirmed_by text,
  ADD COLUMN hold_confirmed_at timestamptz;
