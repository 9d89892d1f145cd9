import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { COMMAND_HANDLERS } from './commands';
import { AdminCustomDesignsController } from './http/admin-custom-designs.controller';
import { CustomDesignsController } from './http/custom-designs.controller';
import { CustomDesignMailReactor } from './reactors/custom-design-mail.reactor';
import { CustomDesignsProjection } from './projections/custom-designs.projection';
import { QUERY_HANDLERS } from './queries';

/** Custom design requests: the wizard's submission, the atelier's follow-up, the customer's view of their own. */
@Module({
  imports: [CqrsModule],
  controllers: [CustomDesignsController, AdminCustomDesignsController],
  providers: [CustomDesignsProjection, CustomDesignMailReactor, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
})
export class CustomDesignsModule {}
