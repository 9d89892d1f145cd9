-- Payment alerts (Stripe, issue: a second payment provider): what a provider told the shop that staff must look
-- at. A well-signed notice that was not applied (an unknown session or order, a wrong amount or currency) and
-- each dispute opened on an order's payment. Rebuilt from ProviderEventReceived and PaymentDisputed.
CREATE TABLE rm.payment_alerts (
  id          text PRIMARY KEY,
  kind        text NOT NULL,
  provider    text NOT NULL,
  event_type  text NOT NULL,
  session_id  text,
  order_id    text,
  detail      text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX payment_alerts_created ON rm.payment_alerts (created_at DESC);
CREATE INDEX payment_alerts_order ON rm.payment_alerts (order_id);
