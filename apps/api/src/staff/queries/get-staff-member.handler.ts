import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetStaffMemberQuery } from './get-staff-member.query';
import { StaffDirectory } from './staff-directory';
import { StaffMemberView } from './staff-member-view';

@QueryHandler(GetStaffMemberQuery)
export class GetStaffMemberHandler implements IQueryHandler<GetStaffMemberQuery, StaffMemberView | null> {
  constructor(private readonly directory: StaffDirectory) {}

  execute({ staffId }: GetStaffMemberQuery): Promise<StaffMemberView | null> {
    return this.directory.byId(staffId);
  }
}
