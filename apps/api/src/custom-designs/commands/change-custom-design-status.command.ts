import { CustomDesignStatus } from '@facet/contracts';
import { Actor } from '../../platform/event-store/event-store';

export class ChangeCustomDesignStatusCommand {
  constructor(
    readonly designId: string,
    readonly to: CustomDesignStatus,
    readonly note: string | null,
    readonly by: Actor,
  ) {}
}
