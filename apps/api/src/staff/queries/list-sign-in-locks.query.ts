import { Query } from '@nestjs/cqrs';
import { SignInAccount } from '../domain/sign-in-lock';

/** A locked account as the console lists it. */
export interface SignInLockView {
  /** `<account>:<account_id>`: one row per account. */
  id: string;
  account: SignInAccount;
  account_id: string;
  /** The account's e-mail (empty once a customer is erased) and name. */
  email: string;
  name: string;
  locked_until: string;
  /** Whether unknown clients are locked out (strangers' wrong passwords); a browser that signed in before is not. */
  unknown_clients: boolean;
  /** How many of the account's own devices locked themselves with wrong passwords. */
  devices: number;
}

export interface SignInLockList {
  items: SignInLockView[];
  total: number;
  page: number;
  limit: number;
}

/** Accounts whose sign-in is locked now, the latest end first. */
export class ListSignInLocksQuery extends Query<SignInLockList> {
  constructor(readonly filter: { account?: SignInAccount; page: number; limit: number }) {
    super();
  }
}
