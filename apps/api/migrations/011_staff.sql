CREATE TABLE rm.staff_members (
  id            uuid PRIMARY KEY,
  email         text,
  name          text,
  role          text NOT NULL,
  password_hash text,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX staff_members_email ON rm.staff_members (email);
