import { Command } from '@nestjs/cqrs';
import { StaffRole } from '../../platform/auth/principal';
import { StaffMemberView } from '../queries/staff-member-view';

/** A new role takes effect at once: the member's sessions end and they sign in again. */
export class ChangeStaffRoleCommand extends Command<StaffMemberView> {
  constructor(
    readonly staffId: string,
    readonly role: StaffRole,
  ) {
    super();
  }
}
