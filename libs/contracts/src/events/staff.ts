import type { StaffRole } from '../account';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

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

/** The events of one staff member's stream (the staff member decider's). */
export const STAFF_MEMBER_EVENT_SCHEMAS = defineEvents({
  StaffMemberAdded: event<StaffMemberAddedData>(),
  StaffRoleChanged: event<StaffRoleChangedData>(),
  StaffPasswordChanged: event<StaffPasswordChangedData>(),
  StaffMemberRemoved: event<StaffMemberRemovedData>(),
});

export const STAFF_EVENT_SCHEMAS = defineEvents({
  ...STAFF_MEMBER_EVENT_SCHEMAS,
  SignInLockLifted: event<SignInLockLiftedData>(),
});

export type StaffEvent = EventsOf<typeof STAFF_EVENT_SCHEMAS>;
export type StaffMemberEvent = EventsOf<typeof STAFF_MEMBER_EVENT_SCHEMAS>;
export type StaffMemberAdded = EventOfType<StaffEvent, 'StaffMemberAdded'>;
export type StaffRoleChanged = EventOfType<StaffEvent, 'StaffRoleChanged'>;
export type StaffPasswordChanged = EventOfType<StaffEvent, 'StaffPasswordChanged'>;
export type StaffMemberRemoved = EventOfType<StaffEvent, 'StaffMemberRemoved'>;
export type SignInLockLifted = EventOfType<StaffEvent, 'SignInLockLifted'>;
