import type { User } from '@facet/contracts';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CustomerDirectory, toUser } from './customer-queries';
import { GetSignedInCustomerQuery } from './get-signed-in-customer.query';

@QueryHandler(GetSignedInCustomerQuery)
export class GetSignedInCustomerHandler implements IQueryHandler<GetSignedInCustomerQuery, User | null> {
  constructor(private readonly directory: CustomerDirectory) {}

  async execute({ customerId }: GetSignedInCustomerQuery): Promise<User | null> {
    const row = await this.directory.byId(customerId);
    return row ? toUser(row) : null;
  }
}
