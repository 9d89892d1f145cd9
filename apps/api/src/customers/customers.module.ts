import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { COMMAND_HANDLERS } from './commands';
import { CustomerSecrets } from './commands/customer-secrets.service';
import { CUSTOMERS_CONFIG, loadCustomersConfig } from './customers.config';
import { EmailClaims } from './email-claims';
import { AdminCustomersController } from './http/admin-customers.controller';
import { AuthController } from './http/auth.controller';
import { MeController } from './http/me.controller';
import { CustomersProjection } from './projections/customers.projection';
import { QUERY_HANDLERS } from './queries';
import { CustomerDirectory } from './queries/customer-queries';
import { CustomerMailReactor } from './reactors/customer-mail.reactor';
import { CustomerSessionsReactor } from './reactors/customer-sessions.reactor';
import { ErasureKeyReactor, ErasureKeyWorker } from './reactors/erasure-key.reactor';

/** Customer accounts: registration, e-mail verification, sign-in, password reset, profile and erasure. */
@Module({
  imports: [CqrsModule],
  controllers: [AuthController, MeController, AdminCustomersController],
  providers: [
    { provide: CUSTOMERS_CONFIG, useFactory: () => loadCustomersConfig() },
    EmailClaims,
    CustomerSecrets,
    CustomerDirectory,
    CustomersProjection,
    CustomerMailReactor,
    CustomerSessionsReactor,
    ErasureKeyReactor,
    ErasureKeyWorker,
    ...COMMAND_HANDLERS,
    ...QUERY_HANDLERS,
  ],
  exports: [CustomerDirectory],
})
export class CustomersModule {}
