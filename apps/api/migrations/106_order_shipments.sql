-- A shipped order's carrier and tracking number (issue 41), from the shipment of its OrderStatusChanged to
-- shipped. NULL: not shipped, or shipped before issue 41 (such events carry no shipment); the tracking link
-- is built from the carrier when read (CARRIERS in libs/contracts), so no URL is stored.
ALTER TABLE rm.orders
  ADD COLUMN carrier text,
  ADD COLUMN tracking_number text,
  ADD COLUMN shipped_at timestamptz;
