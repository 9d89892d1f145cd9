-- One history per record: the console shows an order's history from its event stream (the audit stream
-- history, as for every other record), so the separate timeline read model has no reader and goes.
DROP TABLE IF EXISTS rm.order_timeline;
DELETE FROM rm.projection_checkpoints WHERE name = 'order_timeline';
DELETE FROM public.parked_events WHERE consumer = 'projection:order_timeline';
