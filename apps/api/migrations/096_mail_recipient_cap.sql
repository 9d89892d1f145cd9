-- Mail anyone can make the shop send to an address they typed (a consultation request's confirmation, an
-- expired order's notice, a design request's or a contact message's acknowledgement) is capped per recipient
-- (MAIL_RECIPIENT_CAP per MAIL_RECIPIENT_WINDOW_SECONDS). The recipient is a keyed digest of the address as
-- one inbox reads it (case, spaces and a +tag ignored), never the address; a window that has ended is pruned.
CREATE TABLE public.mail_recipient_windows (
  recipient_key text PRIMARY KEY,
  used          integer NOT NULL,
  window_ends   timestamptz NOT NULL
);
CREATE INDEX mail_recipient_windows_ends ON public.mail_recipient_windows (window_ends);

-- The cap's decision for a queued mail, taken once: a job that runs again after a crash or a retry is not
-- counted again and gets the same answer. Null until decided (and for mail the cap does not apply to).
ALTER TABLE public.mail_outbox ADD COLUMN admitted boolean;

-- Why a mail was not sent (MailSent version 3), such as 'recipient-cap'; null when it was sent or kept.
ALTER TABLE rm.sent_mail ADD COLUMN suppressed text;
