import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CustomerSecrets } from './commands/customer-secrets.service';
import { DeleteCustomerHandler } from './commands/delete-customer.handler';
import { RegisterCustomerHandler } from './commands/register-customer.handler';
import { RequestPasswordResetHandler } from './commands/request-password-reset.handler';
import { ResendVerificationHandler } from './commands/resend-verification.handler';
import { ResetPasswordHandler } from './commands/reset-password.handler';
import { UpdateProfileHandler } from './commands/update-profile.handler';
import { VerifyEmailHandler } from './commands/verify-email.handler';
import { CUSTOMERS_CONFIG, loadCustomersConfig } from './customers.config';
import { EmailClaims } from './email-claims';
import { AdminCustomersController } from './http/admin-customers.controller';
import { AuthController } from './http/auth.controller';
import { MeController } from './http/me.controller';
import { CustomersProjection } from './projections/customers.projection';
import { CUSTOMER_QUERY_HANDLERS, CustomerDirectory } from './queries/customer-queries';
import { CustomerMailReactor } from './reactors/customer-mail.reactor';

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
    RegisterCustomerHandler,
    VerifyEmailHandler,
    ResendVerificationHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    UpdateProfileHandler,
    DeleteCustomerHandler,
    ...CUSTOMER_QUERY_HANDLERS,
  ],
  exports: [CustomerDirectory],
})
export class CustomersModule {}
