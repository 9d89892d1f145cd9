-- The event log: the only source of truth. Append-only.
CREATE TABLE public.es_streams (
  stream_id   text PRIMARY KEY,
  revision    bigint NOT NULL,          -- revision of the last event in the stream (first event = 0)
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.es_events (
  global_position bigserial PRIMARY KEY,
  -- The appending transaction. Readers only take rows whose transaction is older than every
  -- transaction still running (pg_snapshot_xmin), ordered by (transaction_id, global_position),
  -- so an event whose transaction commits after a later-numbered one is never skipped.
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id        uuid NOT NULL UNIQUE,
  event_type      text NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  occurred_at     timestamptz NOT NULL,
  UNIQUE (stream_id, stream_revision)
);

CREATE INDEX es_events_order ON public.es_events (transaction_id, global_position);
CREATE INDEX es_events_type_order ON public.es_events (event_type, transaction_id, global_position);

-- The log is append-only: refuse updates (erasure works by deleting keys, not rows).
CREATE FUNCTION public.es_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'es_events is append-only';
END $$;
CREATE TRIGGER es_events_no_update BEFORE UPDATE ON public.es_events
  FOR EACH ROW EXECUTE FUNCTION public.es_events_append_only();
