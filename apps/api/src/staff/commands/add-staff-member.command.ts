import { Command } from '@nestjs/cqrs';
import { StaffRole } from '../../platform/auth/principal';
import { StaffMemberView } from '../queries/staff-member-view';

export const STAFF_EMAIL_TAKEN = 'A staff member with this e-mail already exists.';

/** Adds a staff account; the password must pass the shop's password policy. */
export class AddStaffMemberCommand extends Command<StaffMemberView> {
  constructor(
    readonly email: string,
    readonly name: string,
    readonly role: StaffRole,
    readonly password: string,
  ) {
    super();
  }
}
