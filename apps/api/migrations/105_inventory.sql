-- Stock of stocked variants (issue 40), projected from the variant-<id> streams (inventory/projections).
-- One row per variant with a stock history: units on hand, reserved by unpaid orders, and available.
CREATE TABLE rm.variant_stock (
  variant_id text PRIMARY KEY,
  product_id text NOT NULL,
  on_hand    integer NOT NULL,
  reserved   integer NOT NULL,
  available  integer NOT NULL,
  -- The variant stream's revision last applied.
  version    integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX variant_stock_product ON rm.variant_stock (product_id);

-- Every movement, one row per inventory event: what staff read as a variant's history.
CREATE TABLE rm.stock_ledger (
  variant_id      text NOT NULL,
  revision        integer NOT NULL,
  product_id      text NOT NULL,
  kind            text NOT NULL,
  -- Units: + into stock (adjusted up, returned), - out of it (adjusted down, confirmed), held or let go otherwise.
  quantity        integer NOT NULL,
  on_hand_after   integer NOT NULL,
  reserved_after  integer NOT NULL,
  available_after integer NOT NULL,
  order_id        text,
  reason          text,
  actor           text NOT NULL,
  at              timestamptz NOT NULL,
  PRIMARY KEY (variant_id, revision)
);
CREATE INDEX stock_ledger_order ON rm.stock_ledger (order_id) WHERE order_id IS NOT NULL;

-- One reservation per order and variant: open until the order is paid (confirmed) or ends (released).
CREATE TABLE rm.stock_reservations (
  variant_id     text NOT NULL,
  order_id       text NOT NULL,
  product_id     text NOT NULL,
  quantity       integer NOT NULL,
  status         text NOT NULL,
  release_reason text,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  PRIMARY KEY (variant_id, order_id)
);
CREATE INDEX stock_reservations_order ON rm.stock_reservations (order_id);
CREATE INDEX stock_reservations_open ON rm.stock_reservations (status, created_at);
