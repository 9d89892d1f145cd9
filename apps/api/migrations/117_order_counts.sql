-- How many orders there are per status, kind and payment status, kept exact by triggers on rm.orders: the
-- console's order list counts from here when it is not searching or filtering by date (issue 43: count(*)
-- took 100-250 ms over 311,339 orders). The functions live in public (a replay renames schema rm away and
-- drops it) and write into the schema of the table that fired them.
CREATE TABLE rm.order_counts (
  status         text NOT NULL,
  kind           text NOT NULL,
  payment_status text NOT NULL,
  n              bigint NOT NULL,
  PRIMARY KEY (status, kind, payment_status)
);

-- One order in, out or moved between groups: its old group loses one, its new one gains one. Static SQL (its
-- plans kept per session; EXECUTE format() planned each statement again and cost 10 times more) on the live
-- tables, or on a replay's fresh ones (rm_next): a replay creates these triggers after its bulk pass, when the
-- orders projection has counted the rows (afterBulkPass), so they only see the swap's last few events there.
CREATE FUNCTION public.order_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_SCHEMA = 'rm_next' THEN
    IF TG_OP <> 'INSERT' THEN
      UPDATE rm_next.order_counts SET n = n - 1 WHERE status = OLD.status AND kind = OLD.kind AND payment_status = OLD.payment_status;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO rm_next.order_counts AS c VALUES (NEW.status, NEW.kind, NEW.payment_status, 1)
        ON CONFLICT (status, kind, payment_status) DO UPDATE SET n = c.n + 1;
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      UPDATE rm.order_counts SET n = n - 1 WHERE status = OLD.status AND kind = OLD.kind AND payment_status = OLD.payment_status;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO rm.order_counts AS c VALUES (NEW.status, NEW.kind, NEW.payment_status, 1)
        ON CONFLICT (status, kind, payment_status) DO UPDATE SET n = c.n + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_counts_added_or_removed AFTER INSERT OR DELETE ON rm.orders FOR EACH ROW EXECUTE FUNCTION public.order_counts_moved();
-- Most updates leave the three columns alone (notes, checkout sessions, refunds): the trigger is not even called.
CREATE TRIGGER order_counts_changed AFTER UPDATE ON rm.orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.payment_status IS DISTINCT FROM NEW.payment_status)
  EXECUTE FUNCTION public.order_counts_moved();
-- TRUNCATE rm.orders (tests, a rebuild) empties the counts too.
CREATE FUNCTION public.order_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I.order_counts', TG_TABLE_SCHEMA);
  RETURN NULL;
END $$;
CREATE TRIGGER order_counts_truncated AFTER TRUNCATE ON rm.orders FOR EACH STATEMENT EXECUTE FUNCTION public.order_counts_truncated();

INSERT INTO rm.order_counts (status, kind, payment_status, n)
  SELECT status, kind, payment_status, count(*) FROM rm.orders GROUP BY 1, 2, 3;
