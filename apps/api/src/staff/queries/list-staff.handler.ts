import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, SqlFilter } from '../../platform/database/sql-filter';
import { ListStaffQuery, StaffList, StaffSort } from './list-staff.query';
import { StaffMemberView } from './staff-member-view';

const SORT_SQL: Record<StaffSort, string> = { created_at: 'created_at', email: 'email', name: 'name', role: 'role' };

@QueryHandler(ListStaffQuery)
export class ListStaffHandler implements IQueryHandler<ListStaffQuery, StaffList> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListStaffQuery): Promise<StaffList> {
    const filter = new SqlFilter().whereGiven('role = ?', f.role);
    const q = f.q?.trim().toLowerCase();
    if (q) filter.where(`lower(coalesce(email, '') || ' ' || coalesce(name, '')) LIKE ?`, containing(q));
    const total = Number((await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM staff_members ${filter.sql}`, filter.params))?.n ?? 0);
    const page = filter.page(f.page, f.limit);
    const items = await this.db.query<StaffMemberView>(
      `SELECT id, email, name, role, created_at FROM staff_members ${filter.sql}
       ORDER BY ${SORT_SQL[f.sort]} ${f.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, id ASC ${page.sql}`,
      page.params,
    );
    return { items, total, page: f.page, limit: f.limit };
  }
}
