-- Verified-buyer reviews (issue 41), projected from the review-<id> streams (reviews/projections).
-- One row per review: pending until staff approve or reject it; only approved ones are shown in the shop.
CREATE TABLE rm.reviews (
  id           uuid PRIMARY KEY,
  product_id   uuid NOT NULL,
  -- null for a review imported with the demo catalogue (no customer, no order behind it).
  customer_id  text,
  order_id     uuid,
  verified     boolean NOT NULL,
  status       text NOT NULL,
  stars        smallint NOT NULL,
  title        text,
  body         text NOT NULL,
  -- First name and initial as shown ("Ada L."), "erased" once the customer is erased.
  author_name  text NOT NULL,
  moderated_by text,
  moderated_at timestamptz,
  version      integer NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX reviews_product_shown ON rm.reviews (product_id, status, created_at DESC);
CREATE INDEX reviews_status ON rm.reviews (status, created_at DESC);
CREATE INDEX reviews_customer ON rm.reviews (customer_id) WHERE customer_id IS NOT NULL;

-- Accounts a CustomerDeleted has erased, as the reviews model saw them: a review recorded after the purge
-- shows "erased" too, live and after a replay alike (as rm.custom_designs_erased_customers does).
CREATE TABLE rm.reviews_erased_customers (
  customer_id text PRIMARY KEY
);
