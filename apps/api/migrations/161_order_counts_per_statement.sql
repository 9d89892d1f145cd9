-- rm.order_counts kept by statement-level triggers for INSERT and DELETE: a row trigger updated the same
-- count row once per order, and PostgreSQL walks every version a transaction made of a row before the next
-- update, so a bulk insert or delete of 20,000 orders of one group cost 20,000² row visits and ran past the
-- statement timeout. One statement now moves each group once, by the number of its rows (transition tables).
-- Updates keep their row trigger: its WHEN clause skips the many updates that leave the groups alone.
DROP TRIGGER order_counts_added_or_removed ON rm.orders;

CREATE FUNCTION public.order_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_SCHEMA = 'rm_next' THEN
    INSERT INTO rm_next.order_counts AS c
      SELECT status, kind, payment_status, count(*) FROM added GROUP BY 1, 2, 3
      ON CONFLICT (status, kind, payment_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO rm.order_counts AS c
      SELECT status, kind, payment_status, count(*) FROM added GROUP BY 1, 2, 3
      ON CONFLICT (status, kind, payment_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION public.order_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_SCHEMA = 'rm_next' THEN
    UPDATE rm_next.order_counts c SET n = c.n - r.n
      FROM (SELECT status, kind, payment_status, count(*) AS n FROM removed GROUP BY 1, 2, 3) r
     WHERE c.status = r.status AND c.kind = r.kind AND c.payment_status = r.payment_status;
  ELSE
    UPDATE rm.order_counts c SET n = c.n - r.n
      FROM (SELECT status, kind, payment_status, count(*) AS n FROM removed GROUP BY 1, 2, 3) r
     WHERE c.status = r.status AND c.kind = r.kind AND c.payment_status = r.payment_status;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_counts_added AFTER INSERT ON rm.orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_counts_added();
CREATE TRIGGER order_counts_removed AFTER DELETE ON rm.orders REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_counts_removed();
