-- An Idempotency-Key is held by a lease of a few seconds instead of forever: a process killed while working
-- on it no longer leaves the key "still being processed". The work's record is named by an id derived from
-- the key, so a retry after a crash finds what was committed instead of committing it twice.
ALTER TABLE public.idempotency_keys ADD COLUMN lease_until timestamptz;
UPDATE public.idempotency_keys SET lease_until = created_at + interval '5 seconds' WHERE response IS NULL;
CREATE INDEX idempotency_keys_created ON public.idempotency_keys (created_at);
