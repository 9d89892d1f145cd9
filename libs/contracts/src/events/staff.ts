import type { StaffRole } from '../account';
import type { EventOf, SchemaTable } from './event';

/** The staff's events (issue 42): one stream per staff member (staff-<id>), one per account whose sign-in lock was lifted. */

export interface StaffMemberAddedData {
  staff_id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
}
export interface StaffRoleChangedData {
  staff_id: string;
  role: StaffRole;
}
export interface StaffPasswordChangedData {
  staff_id: string;
  password_hash: string;
}
export interface StaffMemberRemovedData {
  staff_id: string;
}

/** Whose sign-in a lock holds: a customer's (the shop) or a staff member's (the console). */
export type SignInAccount = 'customer' | 'staff';

/** An administrator lifted an account's sign-in lock; the actor in the metadata says who. */
export interface SignInLockLiftedData {
  account: SignInAccount;
  account_id: string;
  locked_until: string;
}

export type StaffMemberAdded = EventOf<'StaffMemberAdded', StaffMemberAddedData>;
export type StaffRoleChanged = EventOf<'StaffRoleChanged', StaffRoleChangedData>;
export type StaffPasswordChanged = EventOf<'StaffPasswordChanged', StaffPasswordChangedData>;
export type StaffMemberRemoved = EventOf<'StaffMemberRemoved', StaffMemberRemovedData>;
export type SignInLockLifted = EventOf<'SignInLockLifted', SignInLockLiftedData>;

/** The events of one staff member's stream (the staff member decider's). */
export type StaffMemberEvent = StaffMemberAdded | StaffRoleChanged | StaffPasswordChanged | StaffMemberRemoved;

export type StaffEvent = StaffMemberEvent | SignInLockLifted;

export const STAFF_EVENT_SCHEMAS: SchemaTable<StaffEvent> = {
  StaffMemberAdded: { version: 1 },
  StaffRoleChanged: { version: 1 },
  StaffPasswordChanged: { version: 1 },
  StaffMemberRemoved: { version: 1 },
  SignInLockLifted: { version: 1 },
};
