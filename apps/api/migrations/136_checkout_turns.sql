-- One card placement per shopper at a time (orders/commands/one-order-per-checkout.ts): a lease row per order
-- subject instead of a session advisory lock, which held a requests-pool connection for the whole placement
-- (60 checkouts at once held every connection and waited for more: 503s) and does not survive a transaction
-- pooler. subject_id is the order's subject (customer:<id>, or a guest's keyed digest): no address.
CREATE TABLE public.checkout_turns (
  subject_id text PRIMARY KEY,
  holder     text NOT NULL,
  until      timestamptz NOT NULL
);
