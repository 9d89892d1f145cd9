import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { COMMAND_HANDLERS } from './commands';
import { AdminOrdersController, OrdersController } from './http/orders.controller';
import { loadOrderSettings, ORDER_SETTINGS } from './order-settings';
import { OrdersProjection } from './projections/orders.projection';
import { QUERY_HANDLERS } from './queries';
import { OrderCheckoutCloseReactor, PaymentRefundReactor } from './reactors/order-checkout.reactors';
import { ConsultationHoldReactor, ConsultationHoldWorker, OrderExpiryReactor, OrderExpiryWorker } from './reactors/order-expiry';
import { OrderMailReactor } from './reactors/order-mail.reactor';
import { OrderPaymentReactor, OrderProviderRefundReactor } from './reactors/order-payment.reactor';

/**
 * Orders and consultation requests (placing, reading, staff status moves, mail and payment reactions).
 * It imports neither the catalogue nor payments: it asks the catalogue through a query and talks to
 * payments through its events and order-payments.port.ts, all on the CQRS buses.
 */
@Module({
  imports: [CqrsModule],
  controllers: [OrdersController, AdminOrdersController],
  providers: [
    { provide: ORDER_SETTINGS, useFactory: () => loadOrderSettings() },
    ...COMMAND_HANDLERS,
    ...QUERY_HANDLERS,
    OrdersProjection,
    OrderMailReactor,
    OrderPaymentReactor,
    OrderProviderRefundReactor,
    OrderCheckoutCloseReactor,
    PaymentRefundReactor,
    OrderExpiryReactor,
    OrderExpiryWorker,
    ConsultationHoldReactor,
    ConsultationHoldWorker,
  ],
})
export class OrdersModule {}
