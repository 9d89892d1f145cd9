import { CustomDesignStatus } from '@facet/contracts';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { Actor } from '../../platform/event-store/event-store';
import { NotFoundError } from '../../platform/domain/errors';
import { containing, selectPage, sortedBy, SqlFilter } from '../../platform/database/sql-filter';

export interface CustomDesignItem {
  id: string;
  status: CustomDesignStatus;
  created_at: string;
  updated_at: string;
  category: string;
  jewelry_type: string;
  diamond_shape: string;
  diamond_size: string;
  metal_type: string;
  metal_karat: string;
  preferred_contact: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  design_notes: string | null;
  customer_id: string | null;
  has_image: boolean;
  /** Staff only: where the image can be fetched with a staff session. */
  image_url: string | null;
  version: number;
}

export interface CustomDesignHistoryEntry {
  type: string;
  occurred_at: string;
  actor: Actor;
  note: string | null;
  from: string | null;
  to: string | null;
}

export interface CustomDesignDetail extends CustomDesignItem {
  image: { mime: string; size: number } | null;
  history: CustomDesignHistoryEntry[];
}

export interface CustomDesignPage {
  items: CustomDesignItem[];
  total: number;
  page: number;
  limit: number;
}

export const CUSTOM_DESIGN_SORTS = ['created_at', 'updated_at', 'status', 'contact_name', 'jewelry_type'] as const;
export type CustomDesignSort = (typeof CUSTOM_DESIGN_SORTS)[number];

export class ListCustomDesignsQuery {
  constructor(
    readonly filter: {
      status?: CustomDesignStatus;
      q?: string;
      customerId?: string;
      from?: string;
      to?: string;
      page: number;
      limit: number;
      sort: CustomDesignSort;
      order: 'asc' | 'desc';
    },
  ) {}
}

export class GetCustomDesignQuery {
  constructor(readonly id: string) {}
}

export class GetCustomDesignImageRefQuery {
  constructor(readonly id: string) {}
}

const COLUMNS = `id, status, created_at, updated_at, category, jewelry_type, diamond_shape, diamond_size, metal_type, metal_karat,
  preferred_contact, contact_name, contact_email, contact_phone, design_notes, customer_id, image_sha256, image_mime, image_size, version`;

/** A row of rm.custom_designs (times as pg returns them; the image by its hash). */
type CustomDesignRow = Omit<CustomDesignItem, 'created_at' | 'updated_at' | 'has_image' | 'image_url'> & {
  created_at: Date | string;
  updated_at: Date | string;
  image_sha256: string | null;
  image_mime: string | null;
  image_size: number | null;
};

/** A row of rm.custom_design_history. */
interface HistoryRow {
  type: string;
  occurred_at: Date;
  actor: Actor;
  note: string | null;
  from_status: string | null;
  to_status: string | null;
}

function toItem(r: CustomDesignRow): CustomDesignItem {
  return {
    id: r.id,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    category: r.category,
    jewelry_type: r.jewelry_type,
    diamond_shape: r.diamond_shape,
    diamond_size: r.diamond_size,
    metal_type: r.metal_type,
    metal_karat: r.metal_karat,
    preferred_contact: r.preferred_contact,
    contact_name: r.contact_name,
    contact_email: r.contact_email,
    contact_phone: r.contact_phone,
    design_notes: r.design_notes,
    customer_id: r.customer_id,
    has_image: r.image_sha256 !== null,
    image_url: r.image_sha256 ? `/api/admin/custom-designs/${r.id}/image` : null,
    version: r.version,
  };
}

@QueryHandler(ListCustomDesignsQuery)
export class ListCustomDesignsHandler implements IQueryHandler<ListCustomDesignsQuery, CustomDesignPage> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListCustomDesignsQuery): Promise<CustomDesignPage> {
    const filter = new SqlFilter()
      .whereGiven('status = ?', f.status)
      .whereGiven('customer_id = ?', f.customerId)
      .whereGiven('created_at >= ?::timestamptz', f.from)
      .whereGiven('created_at <= ?::timestamptz', f.to);
    const q = f.q?.trim();
    if (q) {
      filter.where(
        `(id::text ILIKE ? OR coalesce(contact_name, '') ILIKE ? OR coalesce(contact_email, '') ILIKE ? OR coalesce(contact_phone, '') ILIKE ?
          OR coalesce(design_notes, '') ILIKE ? OR jewelry_type ILIKE ? OR diamond_shape ILIKE ? OR metal_type ILIKE ?)`,
        containing(q),
      );
    }
    // The sort column comes from a whitelist; nothing from the request is spliced into the SQL text.
    const orderBy = sortedBy(f.sort, f.order);
    const { rows, total } = await selectPage<CustomDesignRow>(
      this.db,
      { columns: COLUMNS, from: 'custom_designs', orderBy },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows.map(toItem), total, page: f.page, limit: f.limit };
  }
}

@QueryHandler(GetCustomDesignQuery)
export class GetCustomDesignHandler implements IQueryHandler<GetCustomDesignQuery, CustomDesignDetail> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id }: GetCustomDesignQuery): Promise<CustomDesignDetail> {
    const row = await this.db.one<CustomDesignRow>(`SELECT ${COLUMNS} FROM custom_designs WHERE id = $1`, [id]);
    if (!row) throw new NotFoundError();
    const history = await this.db.query<HistoryRow>(
      'SELECT type, occurred_at, actor, note, from_status, to_status FROM custom_design_history WHERE design_id = $1 ORDER BY revision',
      [id],
    );
    return {
      ...toItem(row),
      // A stored image always has its type and size (the upload records the three together).
      image: row.image_sha256 ? { mime: row.image_mime as string, size: row.image_size as number } : null,
      history: history.map((h) => ({
        type: h.type,
        occurred_at: new Date(h.occurred_at).toISOString(),
        actor: h.actor,
        note: h.note,
        from: h.from_status,
        to: h.to_status,
      })),
    };
  }
}

@QueryHandler(GetCustomDesignImageRefQuery)
export class GetCustomDesignImageRefHandler implements IQueryHandler<GetCustomDesignImageRefQuery, { sha256: string } | null> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id }: GetCustomDesignImageRefQuery): Promise<{ sha256: string } | null> {
    const row = await this.db.one<{ image_sha256: string | null }>('SELECT image_sha256 FROM custom_designs WHERE id = $1', [id]);
    return row?.image_sha256 ? { sha256: row.image_sha256 } : null;
  }
}
