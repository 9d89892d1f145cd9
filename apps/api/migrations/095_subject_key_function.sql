-- A subject's key in one round trip (it took four: BEGIN, the subject's lock, the insert, COMMIT). A new
-- guest's order makes a new subject, so this was on every such order's path. Called outside a transaction,
-- the statement is its own: the lock is held until it commits. Each statement of a volatile PL/pgSQL
-- function takes a fresh snapshot, so once the lock is ours an erasure that committed meanwhile is seen.
CREATE FUNCTION public.subject_key_for(p_subject text, p_fresh bytea) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
  k bytea;
BEGIN
  -- An existing key needs no lock: reading it stores nothing, and an erasure after this deletes it anyway.
  SELECT key INTO k FROM public.subject_keys WHERE subject_id = p_subject;
  IF FOUND THEN
    RETURN k;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('subject-key:' || p_subject, 0));
  INSERT INTO public.subject_keys (subject_id, key)
    SELECT p_subject, p_fresh WHERE NOT EXISTS (SELECT 1 FROM public.erased_subjects WHERE subject_id = p_subject)
    ON CONFLICT (subject_id) DO UPDATE SET subject_id = EXCLUDED.subject_id
    RETURNING key INTO k;
  RETURN k; -- null: erased for good
END
$$;
