import { Query } from '@nestjs/cqrs';
import type { StaffIdentity } from '@facet/contracts';

export type AuthenticatedStaff = StaffIdentity;

/** Checks a staff member's credentials; answers null when they do not match (in the same time either way). */
export class AuthenticateStaffQuery extends Query<AuthenticatedStaff | null> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
