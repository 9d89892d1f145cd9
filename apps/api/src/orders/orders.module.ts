import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { PaymentsModule } from '../payments/payments.module';
import { AdminOrdersController, OrdersController } from './http/orders.controller';
import { OrdersService } from './orders.service';
import { OrdersProjection, OrderTimelineProjection } from './projections/orders.projection';
import { OrderMailReactor } from './reactors/order-mail.reactor';
import { OrderCheckoutCloseReactor, PaymentRefundReactor } from './reactors/order-checkout.reactors';
import { OrderExpiryReactor, OrderExpiryWorker } from './reactors/order-expiry';
import { OrderPaymentReactor } from './reactors/order-payment.reactor';

/** Orders and consultation requests (placing, reading, staff status moves, mail and payment reactions), with card payments. */
@Module({
  imports: [PaymentsModule, CatalogModule],
  controllers: [OrdersController, AdminOrdersController],
  providers: [
    OrdersService,
    OrdersProjection,
    OrderTimelineProjection,
    OrderMailReactor,
    OrderPaymentReactor,
    OrderCheckoutCloseReactor,
    PaymentRefundReactor,
    OrderExpiryReactor,
    OrderExpiryWorker,
  ],
  exports: [OrdersService],
})
export class OrdersModule {}
