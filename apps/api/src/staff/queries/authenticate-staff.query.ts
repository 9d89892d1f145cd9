import { Query } from '@nestjs/cqrs';
import type { StaffIdentity } from '@facet/contracts';

/** `unchanged()`: whether the member still exists with this role and the password that was checked. */
export interface AuthenticatedStaff {
  member: StaffIdentity;
  unchanged: () => Promise<boolean>;
}

/** Checks a staff member's credentials; answers null when they do not match (in the same time either way). */
export class AuthenticateStaffQuery extends Query<AuthenticatedStaff | null> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
