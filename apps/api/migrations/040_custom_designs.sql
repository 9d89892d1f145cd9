-- Custom design requests as staff and their owners see them. Personal fields are null once erased.
CREATE TABLE rm.custom_designs (
  id                uuid PRIMARY KEY,
  customer_id       text,
  status            text NOT NULL,
  category          text NOT NULL,
  jewelry_type      text NOT NULL,
  diamond_shape     text NOT NULL,
  diamond_size      text NOT NULL,
  metal_type        text NOT NULL,
  metal_karat       text NOT NULL,
  preferred_contact text NOT NULL,
  contact_name      text,
  contact_email     text,
  contact_phone     text,
  design_notes      text,
  image_sha256      text,
  image_mime        text,
  image_size        integer,
  version           integer NOT NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX custom_designs_status ON rm.custom_designs (status, created_at DESC);
CREATE INDEX custom_designs_created ON rm.custom_designs (created_at DESC);
CREATE INDEX custom_designs_customer ON rm.custom_designs (customer_id, created_at DESC);

-- Every change of a request, oldest first: submitted, status changes (from, to, note), by whom and when.
CREATE TABLE rm.custom_design_history (
  design_id   uuid NOT NULL,
  revision    integer NOT NULL,
  type        text NOT NULL,
  occurred_at timestamptz NOT NULL,
  actor       jsonb NOT NULL,
  note        text,
  from_status text,
  to_status   text,
  PRIMARY KEY (design_id, revision)
);
