import type { EventOf, SchemaTable } from './event';

// Placeholder (issue 42): the name and version of the mail's event; its payload type and upcasters move here next.
export type MailEvent = EventOf<'MailSent', unknown>;

export const MAIL_EVENT_SCHEMAS: SchemaTable<MailEvent> = {
  MailSent: { version: 3 },
};
