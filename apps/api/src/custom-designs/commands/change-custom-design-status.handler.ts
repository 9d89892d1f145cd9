import { CustomDesignStatus } from '@facet/contracts';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Actor } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { customDesign, customDesignStream } from '../domain/custom-design';
import { CustomDesignDetail, GetCustomDesignQuery } from '../queries/custom-design-queries';

export class ChangeCustomDesignStatusCommand {
  constructor(
    readonly designId: string,
    readonly to: CustomDesignStatus,
    readonly note: string | null,
    readonly by: Actor,
  ) {}
}

@CommandHandler(ChangeCustomDesignStatusCommand)
export class ChangeCustomDesignStatusHandler implements ICommandHandler<ChangeCustomDesignStatusCommand, CustomDesignDetail> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ designId, to, note, by }: ChangeCustomDesignStatusCommand): Promise<CustomDesignDetail> {
    await this.es.decide(customDesignStream(designId), customDesign, { type: 'ChangeCustomDesignStatus', designId, to, note, by });
    return this.queries.execute(new GetCustomDesignQuery(designId));
  }
}
