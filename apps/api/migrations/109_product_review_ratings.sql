-- A product's rating and review count are derived from its approved reviews (issue 41): the products
-- projection adds and takes away stars as reviews are approved and rejected. The rating and reviews_count
-- columns written from product events are no longer shown.
ALTER TABLE rm.products
  ADD COLUMN review_count integer NOT NULL DEFAULT 0,
  ADD COLUMN review_stars integer NOT NULL DEFAULT 0,
  ADD COLUMN review_rating numeric(2,1) GENERATED ALWAYS AS (
    CASE WHEN review_count > 0 THEN round(review_stars::numeric / review_count, 1) ELSE 0 END
  ) STORED;
