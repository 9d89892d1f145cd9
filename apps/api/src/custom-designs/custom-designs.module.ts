import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeCustomDesignStatusHandler } from './commands/change-custom-design-status.handler';
import { DeleteCustomDesignHandler } from './commands/delete-custom-design.handler';
import { SubmitCustomDesignHandler } from './commands/submit-custom-design.handler';
import { AdminCustomDesignsController } from './http/admin-custom-designs.controller';
import { CustomDesignsController } from './http/custom-designs.controller';
import { CustomDesignMailReactor } from './mail/custom-design-mail.reactor';
import { CustomDesignsProjection } from './projections/custom-designs.projection';
import { CUSTOM_DESIGN_QUERY_HANDLERS } from './queries/custom-design-queries';

/** Custom design requests: the wizard's submission, the atelier's follow-up, the customer's view of their own. */
@Module({
  imports: [CqrsModule],
  controllers: [CustomDesignsController, AdminCustomDesignsController],
  providers: [
    SubmitCustomDesignHandler,
    ChangeCustomDesignStatusHandler,
    DeleteCustomDesignHandler,
    CustomDesignsProjection,
    CustomDesignMailReactor,
    ...CUSTOM_DESIGN_QUERY_HANDLERS,
  ],
})
export class CustomDesignsModule {}
