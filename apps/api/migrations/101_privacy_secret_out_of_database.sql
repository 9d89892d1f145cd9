-- The privacy secret leaves the database (PRIVACY_SECRET, or a file under FACET_DATA_DIR): a dump alone must
-- not be enough to derive the keyed digests of e-mail addresses it holds. public.privacy_secret stays for
-- now: the app copies a secret stored there to its file on its next start, then deletes the row (a
-- migration runs before the app, so dropping the table here would lose the secret of an existing shop).
--
-- What the database keeps instead: a keyed fingerprint of the secret it was first used with (not the secret),
-- so a process started with another one refuses to start rather than derive digests that match nothing.
CREATE TABLE public.privacy_secret_fingerprint (
  id           smallint PRIMARY KEY CHECK (id = 1),
  fingerprint  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- CustomerDeleted no longer names the bare-hash guest subject of the e-mail. Orders and mail that a version
-- before the keyed derivation labelled with one are found by their address instead (erasure-match.ts
-- legacyLabelledRowsOf); these indexes hold just those rows, normally none.
CREATE INDEX orders_legacy_subject ON rm.orders (id) WHERE subject_id LIKE 'email:%';
CREATE INDEX sent_mail_legacy_subject ON rm.sent_mail (id) WHERE subject_id LIKE 'email:%';
