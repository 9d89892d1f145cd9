import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, selectPage, sortedBy, SqlFilter } from '../../platform/database/sql-filter';
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
    const { rows, total } = await selectPage<StaffMemberView>(
      this.db,
      { columns: 'id, email, name, role, created_at', from: 'staff_members', orderBy: sortedBy(SORT_SQL[f.sort], f.order) },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows, total, page: f.page, limit: f.limit };
  }
}
