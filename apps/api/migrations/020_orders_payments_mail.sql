-- Orders and consultation requests as the shop and the console show them. Personal columns are null
-- once the person is erased (CustomerDeleted).
CREATE TABLE rm.orders (
  id               uuid PRIMARY KEY,
  kind             text NOT NULL,
  status           text NOT NULL,
  payment_status   text NOT NULL,
  customer_id      text,
  subject_id       text NOT NULL,
  first_name       text,
  last_name        text,
  email            text,
  phone            text,
  address          jsonb,
  card_name        text,
  last_4           text,
  items            jsonb NOT NULL,
  subtotal_cents   integer NOT NULL,
  shipping_cents   integer NOT NULL,
  tax_cents        integer NOT NULL,
  total_cents      integer NOT NULL,
  version          integer NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  paid_at          timestamptz,
  delivered_at     timestamptz
);
CREATE INDEX orders_created ON rm.orders (created_at DESC);
CREATE INDEX orders_customer ON rm.orders (customer_id, created_at DESC);
CREATE INDEX orders_email ON rm.orders (lower(email));
CREATE INDEX orders_status ON rm.orders (status);

-- Every event of an order, for the console's timeline.
CREATE TABLE rm.order_timeline (
  order_id     uuid NOT NULL,
  event_id     uuid NOT NULL,
  type         text NOT NULL,
  occurred_at  timestamptz NOT NULL,
  actor        jsonb NOT NULL,
  summary      jsonb NOT NULL,
  PRIMARY KEY (order_id, event_id)
);

-- Payment sessions as recorded by Facet (the provider keeps its own).
CREATE TABLE rm.payment_sessions (
  id            text PRIMARY KEY,
  order_id      uuid NOT NULL,
  provider      text NOT NULL,
  status        text NOT NULL,
  payment_status text NOT NULL,
  amount_cents  integer NOT NULL,
  currency      text NOT NULL,
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL,
  settled_at    timestamptz
);
CREATE INDEX payment_sessions_order ON rm.payment_sessions (order_id);

-- Mail the workers sent (or, without SMTP, kept for staff to read).
CREATE TABLE rm.sent_mail (
  id          text PRIMARY KEY,
  kind        text NOT NULL,
  subject_id  text NOT NULL,
  to_address  text,
  subject     text,
  html        text,
  text        text,
  delivered   boolean NOT NULL,
  sent_at     timestamptz NOT NULL
);
CREATE INDEX sent_mail_sent ON rm.sent_mail (sent_at DESC);
CREATE INDEX sent_mail_subject ON rm.sent_mail (subject_id);

-- The built-in sandbox payment provider's own sessions: stands in for an outside provider's records,
-- so it is operational state, not a read model.
CREATE TABLE public.sandbox_payment_sessions (
  id            text PRIMARY KEY,
  order_id      uuid NOT NULL,
  amount_cents  integer NOT NULL,
  currency      text NOT NULL,
  success_url   text NOT NULL,
  cancel_url    text NOT NULL,
  status        text NOT NULL,           -- open | complete | expired
  payment_status text NOT NULL,          -- unpaid | paid | declined
  method        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  completed_at  timestamptz
);
