-- Messages from the contact form, for staff follow-up. Personal fields are null once erased.
CREATE TABLE rm.contact_messages (
  id           uuid PRIMARY KEY,
  customer_id  text,
  name         text,
  email        text,
  phone        text,
  subject      text,
  message      text,
  handled      boolean NOT NULL,
  handled_at   timestamptz,
  handled_by   jsonb,
  handled_note text,
  version      integer NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX contact_messages_handled ON rm.contact_messages (handled, created_at DESC);
CREATE INDEX contact_messages_created ON rm.contact_messages (created_at DESC);

-- Contact form submissions per client address (hashed), to throttle floods across processes. Pruned as it is used.
CREATE TABLE public.contact_throttle (
  key     text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_throttle_key ON public.contact_throttle (key, sent_at);
