-- Sign-in windows name the account they lock (its customer or staff id, never the e-mail), once a wrong
-- password showed the account exists: staff list locked accounts and an administrator lifts a lock.
ALTER TABLE public.attempt_windows ADD COLUMN account_id text;
CREATE INDEX attempt_windows_account ON public.attempt_windows (account_id) WHERE account_id IS NOT NULL;
