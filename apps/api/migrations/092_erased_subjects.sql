-- Subjects erased for good (a customer's account id is never used again): no key is made for them
-- afterwards, so a write that was on its way when they were erased cannot seal their data under a new key.
CREATE TABLE public.erased_subjects (
  subject_id  text PRIMARY KEY,
  erased_at   timestamptz NOT NULL DEFAULT now()
);
