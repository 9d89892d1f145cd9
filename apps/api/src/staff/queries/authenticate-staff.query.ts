import { Query } from '@nestjs/cqrs';
import { StaffRole } from '../../platform/auth/principal';

export interface AuthenticatedStaff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
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
