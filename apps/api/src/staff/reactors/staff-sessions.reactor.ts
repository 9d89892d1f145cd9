import { Injectable } from '@nestjs/common';
import { SessionsService } from '../../platform/auth/sessions.service';
import type { StaffMemberRemoved, StaffPasswordChanged, StaffRoleChanged } from '@facet/contracts';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventReactor, Reactor } from '../../platform/queue/reactor';

/**
 * Ends the sessions a role change, a new password or a removal was meant to end, once it is in the log:
 * the command's own revocation comes after its append and may fail (see CustomerSessionsReactor). Only
 * sessions made up to the event are ended.
 */
@Injectable()
@EventReactor()
export class StaffSessionsReactor implements Reactor<StaffRoleChanged | StaffPasswordChanged | StaffMemberRemoved> {
  readonly name = 'staff-sessions';
  readonly eventTypes = ['StaffRoleChanged', 'StaffPasswordChanged', 'StaffMemberRemoved'] as const;

  constructor(private readonly sessions: SessionsService) {}

  async react(event: RecordedEvent<StaffRoleChanged | StaffPasswordChanged | StaffMemberRemoved>): Promise<void> {
    await this.sessions.revokeAllFor(event.data.staff_id, event.metadata.occurredAt);
  }
}
