import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogModule } from './catalog/catalog.module';
import { CustomersModule } from './customers/customers.module';
import { ContactModule } from './contact/contact.module';
import { CustomDesignsModule } from './custom-designs/custom-designs.module';
import { AuditModule } from './audit/audit.module';
import { HealthController } from './health/health.controller';
import { AuthGuard } from './platform/auth/auth.guard';
import { PlatformModule } from './platform/platform.module';
import { StaffModule } from './staff/staff.module';
import { MailModule } from './mail/mail.module';
import { OrdersModule } from './orders/orders.module';

/** The shop: the platform, then one module per part of the shop. */
@Module({
  imports: [
    CqrsModule.forRoot(),
    PlatformModule,
    MailModule,
    StaffModule,
    CustomersModule,
    CatalogModule,
    OrdersModule,
    CustomDesignsModule,
    ContactModule,
    AuditModule,
  ],
  controllers: [HealthController],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
})
export class AppModule {}
