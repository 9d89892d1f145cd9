-- When the relay accepted the mail. Set the moment SMTP answers, before the mail is archived and MailSent is
-- recorded: a job run again after a crash in between records the mail without handing it to the relay twice.
ALTER TABLE public.mail_outbox ADD COLUMN sent_at timestamptz;
-- The outbox sweeper (mail/outbox-sweeper.ts) reads the oldest rows first.
CREATE INDEX mail_outbox_created_at ON public.mail_outbox (created_at);
