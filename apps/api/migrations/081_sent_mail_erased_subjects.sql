-- Subjects a CustomerDeleted has erased, as the sent-mail model saw them (rebuilt by replay like any read
-- model). A mail in flight during an erasure can be recorded after the CustomerDeleted that purged the
-- list; its row then shows "erased" instead of the address, live and after a replay alike.
CREATE TABLE rm.sent_mail_erased_subjects (
  subject_id text PRIMARY KEY
);
