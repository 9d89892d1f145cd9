import { Actor } from '../../platform/event-store/event-store';

export class DeleteCustomDesignCommand {
  constructor(
    readonly designId: string,
    readonly by: Actor,
  ) {}
}
