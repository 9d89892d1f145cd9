-- Whose personal data a private upload is (a custom design's image): erased with the subject.
CREATE TABLE public.blob_subjects (
  sha256      text NOT NULL,
  subject_id  text NOT NULL,
  PRIMARY KEY (subject_id, sha256)
);
CREATE INDEX blob_subjects_sha ON public.blob_subjects (sha256);
