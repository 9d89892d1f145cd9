import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../platform/database/database.service';
import { StaffCredentials, StaffMemberView } from './staff-member-view';

/** Reads staff accounts from rm.staff_members, for the query handlers and the commands that check the address. */
@Injectable()
export class StaffDirectory {
  constructor(private readonly db: DatabaseService) {}

  byEmail(email: string): Promise<StaffCredentials | null> {
    // PostgreSQL text cannot hold NUL: such a name is simply nobody (not a 500).
    if (email.includes('\u0000')) return Promise.resolve(null);
    return this.db.one<StaffCredentials>('SELECT id, email, name, role, password_hash FROM staff_members WHERE email = $1', [
      email.trim().toLowerCase(),
    ]);
  }

  /** With the password hash: for a member changing their own password. */
  credentialsById(id: string): Promise<StaffCredentials | null> {
    return this.db.one<StaffCredentials>('SELECT id, email, name, role, password_hash FROM staff_members WHERE id = $1', [id]);
  }

  byId(id: string): Promise<StaffMemberView | null> {
    return this.db.one<StaffMemberView>('SELECT id, email, name, role, created_at FROM staff_members WHERE id = $1', [id]);
  }
}
