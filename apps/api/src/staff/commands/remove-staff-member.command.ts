import { Command } from '@nestjs/cqrs';

/** Removes a member: their sessions end, their address is free again and their personal data is erased. */
export class RemoveStaffMemberCommand extends Command<void> {
  constructor(readonly staffId: string) {
    super();
  }
}
