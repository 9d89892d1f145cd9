-- Customer accounts (read model): the spec's User, plus what sign-in needs. Rebuilt from customer-<id> streams.
CREATE TABLE rm.customers (
  id             uuid PRIMARY KEY,
  email          text,
  password_hash  text,
  first_name     text NOT NULL DEFAULT '',
  last_name      text NOT NULL DEFAULT '',
  phone          text NOT NULL DEFAULT '',
  address        jsonb NOT NULL DEFAULT '{}'::jsonb,
  email_verified boolean NOT NULL DEFAULT false,
  verified_at    timestamptz,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX customers_email ON rm.customers (email);
CREATE INDEX customers_created_at ON rm.customers (created_at);

-- One account per e-mail address, enforced under concurrency. Operational (not rebuildable): only a digest
-- of the address is kept, and the row is deleted when the customer is erased.
CREATE TABLE public.customer_email_claims (
  email_digest text PRIMARY KEY,
  customer_id  uuid NOT NULL,
  claimed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_email_claims_customer ON public.customer_email_claims (customer_id);

-- One staff account per e-mail, enforced under concurrency the same way (digest only; released on removal).
CREATE TABLE public.staff_email_claims (
  email_digest text PRIMARY KEY,
  staff_id     uuid NOT NULL,
  claimed_at   timestamptz NOT NULL DEFAULT now()
);
