import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { CatalogModule } from './catalog';
import { CustomersModule } from './customers';
import { ContactModule } from './contact';
import { CustomDesignsModule } from './custom-designs';
import { AuditModule } from './audit';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health';
import { AuthGuard } from './platform/auth/auth.guard';
import { PlatformModule } from './platform/platform.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { loadConfig } from './platform/config/config';
import { loggingParams, processLogger } from './platform/logging/logging';
import { StaffModule } from './staff';
import { MailModule } from './mail';
import { OrdersModule } from './orders';
import { InventoryModule } from './inventory';
import { PaymentsModule } from './payments';
import { ReturnsModule } from './returns';
import { ReviewsModule } from './reviews';
import { StorefrontModule } from './storefront';

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
    ReturnsModule,
    AuditModule,
    StorefrontModule,
  ],
  controllers: [HealthController],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
})
export class AppModule {}
