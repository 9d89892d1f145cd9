import type { SignInAccount } from '@facet/contracts';

/** Whose sign-in a lock holds: a customer's (the shop) or a staff member's (the console). */
export const SIGN_IN_ACCOUNTS = ['customer', 'staff'] as const satisfies readonly SignInAccount[];
// The event's payload type lives in libs/contracts (events/staff.ts, issue 42): an administrator lifted an
// account's sign-in lock; the actor in the metadata says who.
export type { SignInAccount, SignInLockLifted } from '@facet/contracts';

/** One stream per account, so the audit log shows an account's lifted locks together. */
export const signInLockStream = (account: SignInAccount, accountId: string) => `sign-in-lock-${account}-${accountId}`;
