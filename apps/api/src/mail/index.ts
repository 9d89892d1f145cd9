// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type { MailSent, MailSentData } from './mail-events';
export { mailStream } from './mail-events';
export { MailOutbox } from './mail.outbox';
export type { OutgoingMail } from './mail.outbox';
export { brandedHtml, GOLD, itemsTableHtml, itemsText, paragraph, renderBrandedMail, subjectSafe } from './mail-templates';
export type { BrandedMail, MailLine, MailTotals } from './mail-templates';
export { hideMailSecrets } from './mail-secrets';
export { ForgetMailRecipientCommand } from './commands/forget-mail-recipient.command';
export { MailModule } from './mail.module';
