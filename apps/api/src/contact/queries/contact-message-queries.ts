import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { Actor } from '../../platform/event-store/event-store';
import { NotFoundError } from '../../platform/domain/errors';
import { containing, selectPage, sortedBy, SqlFilter } from '../../platform/database/sql-filter';

export interface ContactMessageView {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  subject: string | null;
  message: string | null;
  customer_id: string | null;
  handled: boolean;
  handled_at: string | null;
  handled_by: Actor | null;
  handled_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactMessagePage {
  items: ContactMessageView[];
  total: number;
  page: number;
  limit: number;
}

export const CONTACT_MESSAGE_SORTS = ['created_at', 'updated_at', 'name', 'email', 'subject', 'handled'] as const;
export type ContactMessageSort = (typeof CONTACT_MESSAGE_SORTS)[number];

export class ListContactMessagesQuery {
  constructor(
    readonly filter: {
      handled?: boolean;
      q?: string;
      from?: string;
      to?: string;
      page: number;
      limit: number;
      sort: ContactMessageSort;
      order: 'asc' | 'desc';
    },
  ) {}
}

export class GetContactMessageQuery {
  constructor(readonly id: string) {}
}

const COLUMNS =
  'id, name, email, phone, subject, message, customer_id, handled, handled_at, handled_by, handled_note, created_at, updated_at';

/** A row of rm.contact_messages (times as pg returns them). */
type ContactMessageRow = Omit<ContactMessageView, 'handled_at' | 'created_at' | 'updated_at'> & {
  handled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

function toView(r: ContactMessageRow): ContactMessageView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    customer_id: r.customer_id,
    handled: r.handled,
    handled_at: r.handled_at ? new Date(r.handled_at).toISOString() : null,
    handled_by: r.handled_by,
    handled_note: r.handled_note,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

@QueryHandler(ListContactMessagesQuery)
export class ListContactMessagesHandler implements IQueryHandler<ListContactMessagesQuery, ContactMessagePage> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListContactMessagesQuery): Promise<ContactMessagePage> {
    const filter = new SqlFilter()
      .whereGiven('handled = ?', f.handled)
      .whereGiven('created_at >= ?::timestamptz', f.from)
      .whereGiven('created_at <= ?::timestamptz', f.to);
    const q = f.q?.trim();
    if (q) {
      filter.where(
        `(coalesce(name, '') ILIKE ? OR coalesce(email, '') ILIKE ? OR coalesce(phone, '') ILIKE ? OR coalesce(subject, '') ILIKE ?
          OR coalesce(message, '') ILIKE ?)`,
        containing(q),
      );
    }
    // The sort column comes from a whitelist; nothing from the request is spliced into the SQL text.
    const orderBy = sortedBy(f.sort, f.order);
    const { rows, total } = await selectPage<ContactMessageRow>(
      this.db,
      { columns: COLUMNS, from: 'contact_messages', orderBy },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows.map(toView), total, page: f.page, limit: f.limit };
  }
}

@QueryHandler(GetContactMessageQuery)
export class GetContactMessageHandler implements IQueryHandler<GetContactMessageQuery, ContactMessageView> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id }: GetContactMessageQuery): Promise<ContactMessageView> {
    const row = await this.db.one<ContactMessageRow>(`SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
    if (!row) throw new NotFoundError();
    return toView(row);
  }
}
