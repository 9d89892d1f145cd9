CREATE TABLE rm.products (
  id                   uuid PRIMARY KEY,
  name                 text NOT NULL,
  description          text NOT NULL,
  price_cents          integer NOT NULL,
  original_price_cents integer,
  image                text NOT NULL,
  images               jsonb NOT NULL,
  category             text NOT NULL,
  features             jsonb NOT NULL,
  rating               numeric(2,1) NOT NULL,
  reviews_count        integer NOT NULL,
  in_stock             boolean NOT NULL,
  version              integer NOT NULL,
  -- "Featured" order is the order products were listed in: the event's global position.
  featured_rank        numeric(20,0) NOT NULL,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX products_category ON rm.products (category, featured_rank);
CREATE INDEX products_featured ON rm.products (featured_rank);
CREATE INDEX products_price ON rm.products (price_cents);
