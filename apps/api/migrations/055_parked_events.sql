-- Dead letters: events a projection or reactor could not handle, parked so everything else keeps flowing.
-- The first event of a stream that failed is parked with its error; every later event of the same stream
-- for the same consumer is parked behind it (blocked_by), so a stream's order is kept. Staff retry the
-- parked sequence of a stream from the console; rows that then succeed are deleted.
-- Event data is not copied here: it is read from the log, so erasing a person's key still erases it.
CREATE TABLE public.parked_events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consumer        text NOT NULL,             -- 'projection:orders', 'reactor:order-mail'
  event_id        text NOT NULL,
  stream_id       text NOT NULL,
  stream_revision bigint NOT NULL,
  commit_pos      numeric(20,0) NOT NULL,
  prepare_pos     numeric(20,0) NOT NULL,
  event_type      text NOT NULL,
  error           text NOT NULL,
  blocked_by      text,                      -- event id of the earlier parked event of this stream, if any
  attempts        integer NOT NULL,
  first_failed_at timestamptz NOT NULL DEFAULT now(),
  last_failed_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (consumer, event_id)
);
CREATE INDEX parked_events_stream ON public.parked_events (consumer, stream_id, commit_pos, prepare_pos);
