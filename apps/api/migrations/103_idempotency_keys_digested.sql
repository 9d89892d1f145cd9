-- Idempotency keys are stored as keyed digests from now on (40 hex digits, IdempotencyService.storedKey): a
-- client chooses its key and may put a person's name in it, which no erasure would reach here. Rows written
-- before hold the keys as sent; SQL cannot digest them (the digest needs the privacy secret), so they go.
-- That is safe at any time: a retry of such a key still names the same order, message or design (its id is
-- derived from the key in the code, not read from this table) and is answered that record; only the check
-- that a reused key came with the same body is lost for keys sent before the upgrade. Processes of the
-- previous version still running during a rolling upgrade may write a few more: docs/security.md says how
-- to clear them once they are gone (this same statement).
DELETE FROM public.idempotency_keys WHERE key !~ '^[0-9a-f]{40}$';
