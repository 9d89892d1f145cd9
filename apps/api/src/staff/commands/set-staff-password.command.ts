import { Command } from '@nestjs/cqrs';

/**
 * A new password for a staff member (set by an administrator, or by the member after giving the current one): the
 * same strength rule as customers' passwords; the member's sessions end. StaffPasswordChanged records only the hash.
 */
export class SetStaffPasswordCommand extends Command<void> {
  constructor(
    readonly staffId: string,
    readonly password: string,
  ) {
    super();
  }
}
