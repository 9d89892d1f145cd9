-- A product recorded before options, variants, engraving and a gallery (issue 40) had NULL in those columns,
-- and the API filled them in when reading each row (withVariants). The event registry now reads such a
-- product's events in today's shape (ProductCreated version 1 upcast to 2, libs/contracts/src/events/catalog.ts),
-- so a replay writes every column and no query fills anything in. The rows written before are filled here
-- the same way the upcaster does, so they read as a replay would build them: no options, one made-to-order
-- variant whose id is the product's (sku FCT- and the id's first 8 hex digits), a gallery of its images (its
-- featured image when it lists none) without alt text of their own, which the page describes by the
-- product's name as it is now. Engraving NULL already means none.
UPDATE rm.products SET
  options = COALESCE(options, '[]'::jsonb),
  variants = COALESCE(variants, jsonb_build_array(jsonb_build_object(
    'variant_id', id::text,
    'sku', 'FCT-' || upper(left(replace(id::text, '-', ''), 8)),
    'options', '{}'::jsonb,
    'price_cents', NULL,
    'stock_mode', 'made_to_order',
    'lead_time_days', NULL,
    'is_default', true,
    'image', NULL))),
  gallery = COALESCE(gallery, (
    SELECT jsonb_agg(jsonb_build_object('src', src, 'alt', '', 'variant_ids', '[]'::jsonb) ORDER BY n)
    FROM jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(images) = 'array' AND jsonb_array_length(images) > 0 THEN images ELSE jsonb_build_array(image) END
    ) WITH ORDINALITY AS picture(src, n)))
WHERE options IS NULL OR variants IS NULL OR gallery IS NULL;
