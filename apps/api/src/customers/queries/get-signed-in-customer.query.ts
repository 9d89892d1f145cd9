import type { User } from '@facet/contracts';
import { Query } from '@nestjs/cqrs';

/** The signed-in customer as the spec's User; null when the account is gone. */
export class GetSignedInCustomerQuery extends Query<User | null> {
  constructor(readonly customerId: string) {
    super();
  }
}
