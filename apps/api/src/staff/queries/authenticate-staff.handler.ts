import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { verifyPassword } from '../../platform/auth/passwords';
import { AuthenticateStaffQuery, AuthenticatedStaff } from './authenticate-staff.query';
import { StaffDirectory } from './staff-directory';

@QueryHandler(AuthenticateStaffQuery)
export class AuthenticateStaffHandler implements IQueryHandler<AuthenticateStaffQuery, AuthenticatedStaff | null> {
  constructor(private readonly directory: StaffDirectory) {}

  async execute({ email, password }: AuthenticateStaffQuery): Promise<AuthenticatedStaff | null> {
    const member = await this.directory.byEmail(email);
    // With no account verifyPassword still spends a hash's time, so the answer does not tell who exists.
    const ok = await verifyPassword(member?.password_hash, password);
    if (!ok || !member) return null;
    const unchanged = async () => {
      const now = await this.directory.byEmail(email);
      return now?.id === member.id && now.role === member.role && now.password_hash === member.password_hash;
    };
    return { member: { id: member.id, email: member.email, name: member.name, role: member.role }, unchanged };
  }
}
