-- The rendered body of every mail sent, sealed under its data subject's key, kept out of the event log:
-- MailSent (schema version 2) records the mail's id, kind, recipient, subject and this row's SHA-256, so
-- reading the log no longer reads the bodies. Erasing a subject deletes their rows (and their key).
CREATE TABLE public.mail_archive (
  mail_id     text PRIMARY KEY,
  subject_id  text NOT NULL,
  sealed      text NOT NULL,
  archived_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_archive_subject ON public.mail_archive (subject_id);
