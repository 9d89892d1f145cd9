import type { User } from '@facet/contracts';
import { Query } from '@nestjs/cqrs';

/** How a sign-in went: the spec answers an unknown address, a wrong password and an unverified one differently. */
export type CustomerSignIn =
  | { outcome: 'unknown-email' }
  | { outcome: 'wrong-password'; customerId: string }
  | { outcome: 'unverified' }
  /** `unchanged()`: whether the account still has the password that was checked (no reset, no erasure since). */
  | { outcome: 'signed-in'; user: User; unchanged: () => Promise<boolean> };

/** Checks a customer's credentials against rm.customers (the password is checked in the same time either way). */
export class AuthenticateCustomerQuery extends Query<CustomerSignIn> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
