import { Injectable } from '@nestjs/common';
import { SessionsService } from '../../platform/auth/sessions.service';
import type { CustomerDeleted, CustomerPasswordChanged } from '@facet/contracts';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventReactor, Reactor } from '../../platform/queue/reactor';

/**
 * Ends the sessions a password change or an erasure was meant to end, once it is in the log. The command
 * revokes them at once too, but after its append: when that revocation fails (public.sessions locked,
 * the process killed) the change stands and, without this, the old sessions would live on. Only sessions
 * made up to the event are ended, so a sign-in with the new password afterwards is kept.
 */
@Injectable()
@EventReactor()
export class CustomerSessionsReactor implements Reactor<CustomerPasswordChanged | CustomerDeleted> {
  readonly name = 'customer-sessions';
  readonly eventTypes = ['CustomerPasswordChanged', 'CustomerDeleted'] as const;

  constructor(private readonly sessions: SessionsService) {}

  async react(event: RecordedEvent<CustomerPasswordChanged | CustomerDeleted>): Promise<void> {
    await this.sessions.revokeAllFor(event.data.customer_id, event.metadata.occurredAt);
  }
}
