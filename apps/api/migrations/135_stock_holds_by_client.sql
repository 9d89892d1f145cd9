-- The stock-hold cap (docs/operations.md, Stock and reservations): which client placed each reservation, so
-- one client's orders not yet paid or confirmed hold at most STOCK_HOLD_CAP_PER_CLIENT units of a variant.
-- client_key is a keyed digest (privacy secret) of the client's network, never its address. A row counts
-- while its reservation in rm.stock_reservations is open (or not yet projected, for a few minutes).
CREATE TABLE public.stock_holds_by_client (
  order_id   text NOT NULL,
  variant_id text NOT NULL,
  client_key text NOT NULL,
  quantity   integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, variant_id)
);
CREATE INDEX stock_holds_by_client_key ON public.stock_holds_by_client (client_key, variant_id);
