-- A queued mail's content, sealed under its data subject's key. The BullMQ job carries only the mail's id;
-- the worker reads this row when it sends, and an erasure deletes the subject's rows and jobs.
CREATE TABLE public.mail_outbox (
  mail_id     text PRIMARY KEY,
  subject_id  text NOT NULL,
  sealed      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_subject ON public.mail_outbox (subject_id);
