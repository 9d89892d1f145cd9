-- The shop's privacy secret: keys the HMAC that derives guest subjects and other digests of personal data.
-- PRIVACY_SECRET in the environment takes precedence; otherwise the first start generates one here.
CREATE TABLE public.privacy_secret (
  id      smallint PRIMARY KEY CHECK (id = 1),
  secret  bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Attempt windows for the throttles (sign-in, codes, reset tokens, mail requests, contact). An attempt is
-- reserved in one statement before anything is checked; a window that fills up makes the next one longer.
CREATE TABLE public.attempt_windows (
  key          text PRIMARY KEY,
  lim          integer NOT NULL,
  used         integer NOT NULL,
  strikes      integer NOT NULL DEFAULT 0,
  window_ends  timestamptz NOT NULL
);
CREATE INDEX attempt_windows_ends ON public.attempt_windows (window_ends);

-- The old tables counted after the check; nothing reads them any more.
DROP TABLE IF EXISTS public.login_failures;
DROP TABLE IF EXISTS public.contact_throttle;
