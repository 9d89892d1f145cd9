import { DomainEvent } from '../../platform/event-store/decider';

/** Whose sign-in a lock holds: a customer's (the shop) or a staff member's (the console). */
export const SIGN_IN_ACCOUNTS = ['customer', 'staff'] as const;
export type SignInAccount = (typeof SIGN_IN_ACCOUNTS)[number];

/** An administrator lifted an account's sign-in lock; the actor in the metadata says who. */
export type SignInLockLifted = DomainEvent<'SignInLockLifted', { account: SignInAccount; account_id: string; locked_until: string }>;

/** One stream per account, so the audit log shows an account's lifted locks together. */
export const signInLockStream = (account: SignInAccount, accountId: string) => `sign-in-lock-${account}-${accountId}`;
