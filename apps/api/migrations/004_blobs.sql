-- Uploaded files (product photos, design sketches), outside the event log: events carry the sha256.
-- In PostgreSQL rather than on a local disk, so every API process on every machine can serve them.
CREATE TABLE public.blobs (
  sha256     text PRIMARY KEY,
  mime       text NOT NULL,
  size       integer NOT NULL,
  data       bytea NOT NULL,
  -- public: product photos under /api/media; private: served only through staff routes.
  visibility text NOT NULL CHECK (visibility IN ('public', 'private')),
  created_at timestamptz NOT NULL DEFAULT now()
);
