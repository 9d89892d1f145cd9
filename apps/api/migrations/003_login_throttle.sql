-- Failed sign-ins, to throttle guessing per account and per address. Pruned as it is read.
CREATE TABLE public.login_failures (
  key        text NOT NULL,
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key ON public.login_failures (key, failed_at);
