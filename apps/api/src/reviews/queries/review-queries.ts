import { MyReview, ProductReviews, PublicReview, ReviewStatus } from '@facet/contracts';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, selectPage, SqlFilter } from '../../platform/database/sql-filter';
import { NotFoundError } from '../../platform/domain/errors';
import { ERASED } from '../../platform/privacy/personal-data';

/** What staff see of a review in the console. */
export interface AdminReview {
  id: string;
  product_id: string;
  product_name: string | null;
  customer_id: string | null;
  order_id: string | null;
  verified: boolean;
  status: ReviewStatus;
  stars: number;
  title: string | null;
  text: string;
  author: string;
  moderated_by: string | null;
  moderated_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface AdminReviewPage {
  items: AdminReview[];
  total: number;
  page: number;
  limit: number;
}

/** The name shown for an erased author. */
export const FORMER_CUSTOMER = 'Former customer';

export const REVIEW_SORTS = ['created_at', 'updated_at', 'stars', 'status'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export class ProductReviewsQuery {
  constructor(
    readonly productId: string,
    readonly page: number,
    readonly limit: number,
  ) {}
}

export class MyReviewsQuery {
  constructor(readonly customerId: string) {}
}

export class ListAdminReviewsQuery {
  constructor(
    readonly filter: {
      status?: ReviewStatus;
      productId?: string;
      q?: string;
      page: number;
      limit: number;
      sort: ReviewSort;
      order: 'asc' | 'desc';
    },
  ) {}
}

export class GetAdminReviewQuery {
  constructor(readonly id: string) {}
}

interface ReviewRow {
  id: string;
  product_id: string;
  product_name?: string | null;
  customer_id: string | null;
  order_id: string | null;
  verified: boolean;
  status: ReviewStatus;
  stars: number;
  title: string | null;
  body: string;
  author_name: string;
  moderated_by: string | null;
  moderated_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const author = (name: string) => (name === ERASED ? FORMER_CUSTOMER : name);

function toPublic(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    product_id: r.product_id,
    stars: r.stars,
    title: r.title,
    text: r.body,
    author: author(r.author_name),
    verified: r.verified,
    created_at: iso(r.created_at),
  };
}

function toAdmin(r: ReviewRow): AdminReview {
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name ?? null,
    customer_id: r.customer_id,
    order_id: r.order_id,
    verified: r.verified,
    status: r.status,
    stars: r.stars,
    title: r.title,
    text: r.body,
    author: author(r.author_name),
    moderated_by: r.moderated_by,
    moderated_at: r.moderated_at ? iso(r.moderated_at) : null,
    version: r.version,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

@QueryHandler(ProductReviewsQuery)
export class ProductReviewsHandler implements IQueryHandler<ProductReviewsQuery, ProductReviews> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ productId, page, limit }: ProductReviewsQuery): Promise<ProductReviews> {
    const rows = await this.db.query<ReviewRow & { total: string }>(
      `SELECT *, count(*) OVER () AS total FROM reviews WHERE product_id = $1 AND status = 'approved'
       ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [productId, limit, (page - 1) * limit],
    );
    // The rating as the product shows it (the products projection keeps it from the same events).
    const summary = await this.db.one<{ rating: string; n: number }>(
      'SELECT review_rating AS rating, review_count AS n FROM products WHERE id = $1',
      [productId],
    );
    const total = rows.length ? Number(rows[0].total) : Number((await this.count(productId)) ?? 0);
    return {
      product_id: productId,
      rating: summary ? Number(summary.rating) : 0,
      reviews_count: summary ? summary.n : 0,
      items: rows.map(toPublic),
      total,
      page,
      limit,
    };
  }

  private async count(productId: string): Promise<number> {
    const row = await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM reviews WHERE product_id = $1 AND status = 'approved'`, [
      productId,
    ]);
    return Number(row?.n ?? 0);
  }
}

@QueryHandler(MyReviewsQuery)
export class MyReviewsHandler implements IQueryHandler<MyReviewsQuery, MyReview[]> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ customerId }: MyReviewsQuery): Promise<MyReview[]> {
    const rows = await this.db.query<ReviewRow>('SELECT * FROM reviews WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 500', [
      customerId,
    ]);
    return rows.map((r) => ({
      id: r.id,
      product_id: r.product_id,
      order_id: r.order_id,
      status: r.status,
      stars: r.stars,
      title: r.title,
      text: r.body,
      created_at: iso(r.created_at),
    }));
  }
}

const ADMIN_FROM = 'reviews r LEFT JOIN products p ON p.id = r.product_id';
const ADMIN_SELECT = `r.*, p.name AS product_name FROM ${ADMIN_FROM}`;

@QueryHandler(ListAdminReviewsQuery)
export class ListAdminReviewsHandler implements IQueryHandler<ListAdminReviewsQuery, AdminReviewPage> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListAdminReviewsQuery): Promise<AdminReviewPage> {
    const filter = new SqlFilter().whereGiven('r.status = ?', f.status).whereGiven('r.product_id = ?', f.productId);
    const q = f.q?.trim();
    if (q)
      filter.where(
        `(r.body ILIKE ? OR coalesce(r.title, '') ILIKE ? OR r.author_name ILIKE ? OR coalesce(p.name, '') ILIKE ?)`,
        containing(q),
      );
    // The sort column comes from a whitelist; nothing from the request is spliced into the SQL text.
    const orderBy = `r.${f.sort} ${f.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, r.id ASC`;
    const { rows, total } = await selectPage<ReviewRow>(
      this.db,
      { columns: 'r.*, p.name AS product_name', from: ADMIN_FROM, orderBy },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows.map(toAdmin), total, page: f.page, limit: f.limit };
  }
}

@QueryHandler(GetAdminReviewQuery)
export class GetAdminReviewHandler implements IQueryHandler<GetAdminReviewQuery, AdminReview> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id }: GetAdminReviewQuery): Promise<AdminReview> {
    const row = await this.db.one<ReviewRow>(`SELECT ${ADMIN_SELECT} WHERE r.id = $1`, [id]);
    if (!row) throw new NotFoundError('No such review.');
    return toAdmin(row);
  }
}

export const REVIEW_QUERY_HANDLERS = [ProductReviewsHandler, MyReviewsHandler, ListAdminReviewsHandler, GetAdminReviewHandler];
