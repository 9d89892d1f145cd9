import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { verifyPassword } from '../../platform/auth/passwords';
import { AuthenticateCustomerQuery, CustomerSignIn } from './authenticate-customer.query';
import { CustomerDirectory, toUser } from './customer-queries';

@QueryHandler(AuthenticateCustomerQuery)
export class AuthenticateCustomerHandler implements IQueryHandler<AuthenticateCustomerQuery, CustomerSignIn> {
  constructor(private readonly directory: CustomerDirectory) {}

  async execute({ email, password }: AuthenticateCustomerQuery): Promise<CustomerSignIn> {
    const row = await this.directory.byEmail(email);
    // With no account verifyPassword still spends a hash's time, so the timing does not tell who exists.
    const ok = await verifyPassword(row?.password_hash, password);
    if (!row) return { outcome: 'unknown-email' };
    if (!ok) return { outcome: 'wrong-password', customerId: row.id };
    if (!row.email_verified) return { outcome: 'unverified' };
    const unchanged = async () => {
      const now = await this.directory.byEmail(email);
      return now?.id === row.id && now.password_hash === row.password_hash && now.email_verified;
    };
    return { outcome: 'signed-in', user: toUser(row), unchanged };
  }
}
