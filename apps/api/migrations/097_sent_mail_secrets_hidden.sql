-- Account secrets (a verification code, a verification or password-reset link) are for the customer alone:
-- staff's mail view no longer shows them (apps/api/src/mail/mail-secrets.ts). Rows recorded before get the same
-- rules here, so neither the list nor its search over subjects reveals a code; a replay rebuilds the same rows
-- (the projection applies the rules to older MailSent events).
UPDATE rm.sent_mail SET
  subject = regexp_replace(regexp_replace(regexp_replace(subject,
    '(verification code(?: is|:)\s*(?:<strong[^>]*>)?)[A-Za-z0-9]{8}', '\1[hidden: sent only to the customer]', 'g'),
    'https?://[^\s"''<>]*token=[^\s"''<>]*', '[hidden: sent only to the customer]', 'g'),
    '(token=)[^\s"''<>&]+', '\1[hidden: sent only to the customer]', 'g'),
  html = regexp_replace(regexp_replace(regexp_replace(html,
    '(verification code(?: is|:)\s*(?:<strong[^>]*>)?)[A-Za-z0-9]{8}', '\1[hidden: sent only to the customer]', 'g'),
    'https?://[^\s"''<>]*token=[^\s"''<>]*', '[hidden: sent only to the customer]', 'g'),
    '(token=)[^\s"''<>&]+', '\1[hidden: sent only to the customer]', 'g'),
  text = regexp_replace(regexp_replace(regexp_replace(text,
    '(verification code(?: is|:)\s*(?:<strong[^>]*>)?)[A-Za-z0-9]{8}', '\1[hidden: sent only to the customer]', 'g'),
    'https?://[^\s"''<>]*token=[^\s"''<>]*', '[hidden: sent only to the customer]', 'g'),
    '(token=)[^\s"''<>&]+', '\1[hidden: sent only to the customer]', 'g')
WHERE kind IN ('verify-email', 'password-reset');
