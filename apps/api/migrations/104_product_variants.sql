-- Options, variants, engraving and a gallery per product (issue 40). NULL means the product's events say
-- nothing of them (recorded before issue 40): the API reads such a row through the upcaster (withVariants in
-- catalog/domain/product.ts: one default made-to-order variant whose id is the product's, a gallery of its
-- images described by its name, no engraving), so no row is rewritten here and a replay builds the same rows.
ALTER TABLE rm.products
  ADD COLUMN options jsonb,
  ADD COLUMN variants jsonb,
  ADD COLUMN engraving jsonb,
  ADD COLUMN gallery jsonb;
