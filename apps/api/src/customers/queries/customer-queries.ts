import type { User } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { Address, EMPTY_ADDRESS } from '../domain/customer';
import { containing, selectPage, sortedBy, SqlFilter } from '../../platform/database/sql-filter';

export interface CustomerRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  address: Partial<Address> | null;
  email_verified: boolean;
  verified_at: Date | null;
  created_at: Date;
}

/** The spec's User (no password), as the storefront reads it. */
export type CustomerUser = User;

export type CustomerStatus = 'Verified' | 'Pending Verification';

/** One row of the console's customer database. */
export interface CustomerListItem {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  status: CustomerStatus;
  created_at: string;
  verified_at: string | null;
}

export interface CustomerDetail extends CustomerListItem {
  address: Address;
}

const COLUMNS = 'id, email, password_hash, first_name, last_name, phone, address, email_verified, verified_at, created_at';

export function toUser(r: CustomerRow): CustomerUser {
  return {
    id: r.id,
    email: r.email ?? '',
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    address: { ...EMPTY_ADDRESS, ...(r.address ?? {}) },
    emailVerified: r.email_verified,
    verifiedAt: r.verified_at ? r.verified_at.toISOString() : null,
  };
}

function toListItem(r: CustomerRow): CustomerListItem {
  return {
    id: r.id,
    email: r.email ?? '',
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    status: r.email_verified ? 'Verified' : 'Pending Verification',
    created_at: r.created_at.toISOString(),
    verified_at: r.verified_at ? r.verified_at.toISOString() : null,
  };
}

/** Reads customer accounts from rm.customers. */
@Injectable()
export class CustomerDirectory {
  constructor(private readonly db: DatabaseService) {}

  byEmail(email: string): Promise<CustomerRow | null> {
    return this.db.one<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE email = $1`, [email.trim().toLowerCase()]);
  }

  byId(id: string): Promise<CustomerRow | null> {
    return this.db.one<CustomerRow>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id]);
  }
}

export const CUSTOMER_SORTS = ['created_at', 'verified_at', 'email', 'firstName', 'lastName', 'status'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
const SORT_SQL: Record<CustomerSort, string> = {
  created_at: 'created_at',
  verified_at: 'verified_at',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  status: 'email_verified',
};

/** A page of customers and how many match in all. */
export interface CustomerListPage {
  items: CustomerListItem[];
  total: number;
  page: number;
  limit: number;
}

export class ListCustomersQuery extends Query<CustomerListPage> {
  constructor(
    readonly filter: { status?: CustomerStatus; q?: string; sort: CustomerSort; order: 'asc' | 'desc'; page: number; limit: number },
  ) {
    super();
  }
}

export class GetCustomerQuery {
  constructor(readonly id: string) {}
}

@QueryHandler(ListCustomersQuery)
export class ListCustomersHandler implements IQueryHandler<ListCustomersQuery> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListCustomersQuery): Promise<CustomerListPage> {
    const filter = new SqlFilter();
    if (f.status) filter.where('email_verified = ?', f.status === 'Verified');
    const q = f.q?.trim().toLowerCase();
    if (q) filter.where(`lower(coalesce(email, '') || ' ' || first_name || ' ' || last_name || ' ' || phone) LIKE ?`, containing(q));
    const orderBy = sortedBy(SORT_SQL[f.sort], f.order);
    const { rows, total } = await selectPage<CustomerRow>(
      this.db,
      { columns: COLUMNS, from: 'customers', orderBy },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows.map(toListItem), total, page: f.page, limit: f.limit };
  }
}

@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery> {
  constructor(private readonly directory: CustomerDirectory) {}

  async execute({ id }: GetCustomerQuery): Promise<CustomerDetail> {
    const row = await this.directory.byId(id);
    if (!row) throw new NotFoundError();
    return { ...toListItem(row), address: toUser(row).address };
  }
}
