-- The tamper-evident chain (apps/api/src/platform/event-store/log-chain.ts): every event's hash links it to
-- the previous event of its stream. Node computes each event's digest; the append statement links them with
-- es_chain, starting from the stream's last hash, which it reads under the same row lock as the revision.
ALTER TABLE public.es_events ADD COLUMN hash bytea;

-- The hashes of the stream's last append, preceded by the hash before it: the last element is the stream's
-- head, and the append statement's RETURNING hands the whole chain to the INSERT of the events.
ALTER TABLE public.es_streams ADD COLUMN append_hashes bytea[];

-- [previous, h1, ..., hn] where h_i = sha256(h_(i-1) || digest_i) and a new stream starts from 32 zero bytes.
CREATE FUNCTION public.es_chain(previous bytea, digests bytea[]) RETURNS bytea[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  h bytea := coalesce(previous, decode(repeat('00', 32), 'hex'));
  chain bytea[] := ARRAY[h];
  d bytea;
BEGIN
  FOREACH d IN ARRAY digests LOOP
    h := sha256(h || d);
    chain := chain || h;
  END LOOP;
  RETURN chain;
END $$;

-- Events written before this migration get their hash once, by a backfill that migrate() runs right after
-- (log-backfill.ts). The log stays append-only: the one update allowed is filling a missing hash while
-- every other column stays as it was.
CREATE OR REPLACE FUNCTION public.es_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hash IS NULL AND NEW.hash IS NOT NULL AND (to_jsonb(NEW) - 'hash') = (to_jsonb(OLD) - 'hash') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'es_events is append-only';
END $$;

CREATE INDEX es_events_without_hash ON public.es_events (stream_id, stream_revision) WHERE hash IS NULL;

-- Periodic checkpoints over the global order: the running hash of every event hash, recorded every N events
-- by the verifier, so removing or reordering events anywhere before a checkpoint is found later.
CREATE TABLE public.es_log_checkpoints (
  events      bigint PRIMARY KEY,          -- number of events covered, in (transaction_id, global_position) order
  position    text NOT NULL,               -- the last covered event's position
  hash        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Each run of the verifier (npm run verify-log, or the console's Log verification page).
CREATE TABLE public.es_log_verifications (
  id            uuid PRIMARY KEY,
  started_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  started_by    text,
  status        text NOT NULL,              -- running | passed | failed | error
  events        bigint NOT NULL DEFAULT 0,
  streams       bigint NOT NULL DEFAULT 0,
  breaks        bigint NOT NULL DEFAULT 0,
  first_break   jsonb,
  checkpoints_checked integer NOT NULL DEFAULT 0,
  checkpoints_written integer NOT NULL DEFAULT 0,
  events_per_second   integer,
  error         text
);
CREATE INDEX es_log_verifications_recent ON public.es_log_verifications (started_at DESC);
