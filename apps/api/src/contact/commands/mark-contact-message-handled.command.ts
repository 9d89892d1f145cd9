import { Actor } from '../../platform/event-store/event-store';

export class MarkContactMessageHandledCommand {
  constructor(
    readonly messageId: string,
    readonly by: Actor,
    readonly note: string | null,
  ) {}
}
