import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { customDesign, customDesignStream } from '../domain/custom-design';
import { CustomDesignDetail, GetCustomDesignQuery } from '../queries/custom-design-queries';
import { ChangeCustomDesignStatusCommand } from './change-custom-design-status.command';

@CommandHandler(ChangeCustomDesignStatusCommand)
export class ChangeCustomDesignStatusHandler implements ICommandHandler<ChangeCustomDesignStatusCommand, CustomDesignDetail> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ designId, to, note, by }: ChangeCustomDesignStatusCommand): Promise<CustomDesignDetail> {
    // Decided again on a concurrent write: the same change sent at once records once, every caller gets 200.
    await this.es.decideLatest(customDesignStream(designId), customDesign, { type: 'ChangeCustomDesignStatus', designId, to, note, by });
    return this.queries.execute(new GetCustomDesignQuery(designId));
  }
}
