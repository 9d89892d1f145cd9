import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ReturnsService } from './commands/returns.service';
import { AdminReturnsController, OrderReturnsController } from './http/returns.controller';
import { ReturnsProjection } from './projections/returns.projection';
import { ReturnMailReactor } from './reactors/return-mail.reactor';

/**
 * Returns of delivered lines (issue 51). It talks to orders (who may see an order, its lines), inventory (units
 * back on receipt, an exchange's unit), payments (the refund) and the catalogue (an exchange's size) through
 * their faces and the CQRS buses; nothing imports it.
 */
@Module({
  imports: [CqrsModule],
  controllers: [OrderReturnsController, AdminReturnsController],
  providers: [ReturnsService, ReturnsProjection, ReturnMailReactor],
})
export class ReturnsModule {}
