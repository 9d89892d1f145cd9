import { StaffRole } from '../../platform/auth/principal';

/** One staff member as the console sees them (never the password hash). */
export interface StaffMemberView {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
}

/** A staff member with the hash their password is checked against; stays on the server. */
export interface StaffCredentials {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
}
