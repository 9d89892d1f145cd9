/**
 * Account secrets in mail (a verification code, a verification or password-reset link) go to the customer only.
 * What the shop keeps of a mail (the archived body, MailSent's subject, rm.sent_mail) has them replaced by
 * HIDDEN_SECRET, so no staff member, auditor or replay ever reads one. Migration 097 applies the same rules to
 * rm.sent_mail rows recorded before; keep the two in step.
 */
export const HIDDEN_SECRET = '[hidden: sent only to the customer]';

/** The kinds of mail that carry an account secret. */
export const SECRET_MAIL_KINDS: readonly string[] = ['verify-email', 'password-reset'];

/** The code after "verification code is" / "verification code:" (in the subject, the text and the HTML). */
const CODE = /(verification code(?: is|:)\s*(?:<strong[^>]*>)?)[A-Za-z0-9]{8}/g;
/** A link carrying a token, whole (in the text, or an href), then any token parameter left. */
const LINK = /https?:\/\/[^\s"'<>]*token=[^\s"'<>]*/g;
const TOKEN = /(token=)[^\s"'<>&]+/g;

/** The given secrets (the mail's own, exactly as written into it) replaced, longest first. */
export function withoutSecrets(value: string, secrets: readonly string[]): string {
  let out = value;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) out = out.split(secret).join(HIDDEN_SECRET);
  return out;
}

/**
 * For a kind that carries secrets, whatever looks like one replaced: for mail recorded before secrets were
 * kept out (its MailSent subject and archived body), and as a second net for new mail. Other kinds unchanged.
 */
export function hideMailSecrets<T extends string | null | undefined>(kind: string, value: T): T {
  if (typeof value !== 'string' || !SECRET_MAIL_KINDS.includes(kind)) return value;
  return value.replace(CODE, `$1${HIDDEN_SECRET}`).replace(LINK, HIDDEN_SECRET).replace(TOKEN, `$1${HIDDEN_SECRET}`) as T;
}

/** What the shop keeps of a mail: its subject and body without the secrets the customer alone receives. */
export function keptVersion(mail: { kind: string; subject: string; html: string; text: string; secrets?: readonly string[] }): {
  subject: string;
  html: string;
  text: string;
} {
  const hide = (value: string) => hideMailSecrets(mail.kind, withoutSecrets(value, mail.secrets ?? []));
  return { subject: hide(mail.subject), html: hide(mail.html), text: hide(mail.text) };
}
