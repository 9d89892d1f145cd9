-- The console's order search (reference, name, e-mail: substrings, ListOrdersHandler) reads trigram indexes
-- instead of every order (issue 43: 1.4 s over 311,339 orders). A replay builds them after its bulk COPY,
-- so they no longer slow it. pg_trgm ships with PostgreSQL but CREATE EXTENSION needs a superuser or a
-- database owner (it is a trusted extension); on a server without it the search keeps its scan, unchanged in
-- meaning (docs/operations.md, "Order search").
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): the console''s order search reads the whole table', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- The expressions are those of the search, word for word: the planner matches them literally.
    EXECUTE 'CREATE INDEX orders_search_reference ON rm.orders USING gin ((id::text) public.gin_trgm_ops)';
    EXECUTE $i$CREATE INDEX orders_search_name ON rm.orders
      USING gin (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) public.gin_trgm_ops)$i$;
    EXECUTE $i$CREATE INDEX orders_search_email ON rm.orders USING gin (lower(coalesce(email, '')) public.gin_trgm_ops)$i$;
  END IF;
END $$;
