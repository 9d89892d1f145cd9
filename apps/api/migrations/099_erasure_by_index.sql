-- An erasure (CustomerDeleted) finds the person's rows in every read model through an index, not by reading
-- the whole table while the projection's batch waits (reliability/erasure-reads-through-indexes.int.spec.ts). On the
-- bench's 1M-event log one erasure scanned 311,332 orders (104 ms) and 622,234 mails (161 ms).
CREATE INDEX orders_subject ON rm.orders (subject_id);
-- Erasures recorded before guest subjects name the e-mail address itself.
CREATE INDEX sent_mail_to_address ON rm.sent_mail (lower(to_address));

-- Contact messages and design requests keep the subjects their personal fields belong to: the customer's,
-- or both derivations of a guest's e-mail (keyed, and the bare hash that erasures recorded before the keyed
-- one name). Guests' rows were found by reading every guest row and deriving each e-mail's subjects in the
-- projection. The column is filled from the log: both read models are emptied here and the projector
-- rebuilds them.
ALTER TABLE rm.contact_messages ADD COLUMN subject_ids text[] NOT NULL DEFAULT '{}';
ALTER TABLE rm.custom_designs ADD COLUMN subject_ids text[] NOT NULL DEFAULT '{}';
CREATE INDEX contact_messages_subjects ON rm.contact_messages USING gin (subject_ids);
CREATE INDEX custom_designs_subjects ON rm.custom_designs USING gin (subject_ids);
-- Rows without subjects can only come from a process of the version before this one, still projecting while
-- a rolling upgrade runs: an erasure matches those the old way (platform/privacy/erasure-match.ts).
CREATE INDEX contact_messages_unlabelled ON rm.contact_messages (id) WHERE subject_ids = '{}';
CREATE INDEX custom_designs_unlabelled ON rm.custom_designs (id) WHERE subject_ids = '{}';
TRUNCATE rm.contact_messages, rm.contact_messages_erased_customers,
  rm.custom_designs, rm.custom_design_history, rm.custom_designs_erased_customers;
DELETE FROM rm.projection_checkpoints WHERE name IN ('contact_messages', 'custom_designs');
DELETE FROM public.parked_events WHERE consumer IN ('projection:contact_messages', 'projection:custom_designs');
