import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { CatalogModule } from './catalog/catalog.module';
import { CustomersModule } from './customers/customers.module';
import { ContactModule } from './contact/contact.module';
import { CustomDesignsModule } from './custom-designs/custom-designs.module';
import { AuditModule } from './audit/audit.module';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health/health.controller';
import { AuthGuard } from './platform/auth/auth.guard';
import { PlatformModule } from './platform/platform.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { loadConfig } from './platform/config/config';
import { loggingParams, processLogger } from './platform/logging/logging';
import { StaffModule } from './staff/staff.module';
import { MailModule } from './mail/mail.module';
import { OrdersModule } from './orders/orders.module';
import { InventoryModule } from './inventory/inventory.module';
import { PaymentsModule } from './payments/payments.module';
import { ReviewsModule } from './reviews/reviews.module';
import { StorefrontModule } from './storefront/storefront.module';

/** The shop: the platform, then one module per part of the shop. */
@Module({
  imports: [
    CqrsModule.forRoot(),
    // One access-log line per request, carrying its correlation id, on the process's one pino logger.
    LoggerModule.forRootAsync({
      useFactory: () => {
        const config = loadConfig();
        return loggingParams(processLogger(config), config);
      },
    }),
    // Health checks run through terminus; its own error log stays off (/api/health says why in its answer).
    TerminusModule.forRoot({ logger: false }),
    PlatformModule,
    MetricsModule,
    MailModule,
    StaffModule,
    CustomersModule,
    CatalogModule,
    OrdersModule,
    InventoryModule,
    PaymentsModule,
    CustomDesignsModule,
    ContactModule,
    ReviewsModule,
    AuditModule,
    StorefrontModule,
  ],
  controllers: [HealthController],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
})
export class AppModule {}
