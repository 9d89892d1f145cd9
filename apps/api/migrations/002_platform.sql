-- Read models live in schema rm; replay builds rm_next beside it and swaps the two.
CREATE SCHEMA IF NOT EXISTS rm;

-- Checkpoints of projections sit beside the rows they describe, so a batch and its checkpoint commit together.
CREATE TABLE rm.projection_checkpoints (
  name        text PRIMARY KEY,
  commit_pos  numeric(20,0) NOT NULL,
  prepare_pos numeric(20,0) NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Reactors turn events into jobs; their checkpoints are not read models (replay must not re-send mail).
CREATE TABLE public.reactor_checkpoints (
  name        text PRIMARY KEY,
  commit_pos  numeric(20,0) NOT NULL,
  prepare_pos numeric(20,0) NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One key per data subject; deleting it erases the person from every event that mentions them.
CREATE TABLE public.subject_keys (
  subject_id  text PRIMARY KEY,
  key         bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Server-side sessions for staff and customers. Only a hash of the token is kept.
CREATE TABLE public.sessions (
  token_hash   text PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('staff', 'customer')),
  subject_id   text NOT NULL,
  role         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_subject ON public.sessions (subject_id);

-- Idempotency-Key header: the first response of a command, replayed for repeats.
CREATE TABLE public.idempotency_keys (
  scope        text NOT NULL,
  key          text NOT NULL,
  request_hash text NOT NULL,
  response     jsonb,
  status_code  integer,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
