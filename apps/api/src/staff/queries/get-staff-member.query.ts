import { Query } from '@nestjs/cqrs';
import { StaffMemberView } from './staff-member-view';

/** One staff member by id; null when there is none. */
export class GetStaffMemberQuery extends Query<StaffMemberView | null> {
  constructor(readonly staffId: string) {
    super();
  }
}
