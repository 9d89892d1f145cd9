import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../platform/database/database.service';
import { withSessionLocks } from '../../platform/database/session-locks';
import { ConflictError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { StaffMemberEvent, staffMember, staffStream } from '../domain/staff-member';

export const LAST_ADMINISTRATOR =
  'This is the last administrator: the shop must keep at least one. Make another staff member an administrator first.';

/** One PostgreSQL advisory lock (shared by every API process) orders every role change and removal. */
const ADMINISTRATOR_CHANGES_LOCK = 'staff-administrator-changes';

/**
 * The last-administrator rule under concurrency. Every role change and removal runs one at a time across all
 * processes (an in-process queue, then a session advisory lock on one connection, so waiting requests hold at
 * most one pooled connection per process), and checks the administrators the event log shows at that moment:
 * two administrators demoting or removing each other at once leave one of them, and the other is refused.
 */
@Injectable()
export class AdministratorChanges {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: DatabaseService,
    private readonly es: EventSourcing,
  ) {}

  /** Runs the change while no other role change or removal runs anywhere. */
  serialize<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.underLock(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Refuses (409) when the member is an active administrator and no other active administrator remains. Call inside serialize. */
  async refuseIfLastAdministrator(staffId: string): Promise<void> {
    if (!(await this.isActiveAdministrator(staffId))) return;
    // The read model names the candidates; each is confirmed from its own stream, which holds every change made
    // under the lock (a promotion the read model does not show yet only makes this refuse, never allow, wrongly).
    const others = await this.db.query<{ id: string }>("SELECT id FROM staff_members WHERE role = 'admin' AND id <> $1", [staffId]);
    for (const { id } of others) {
      if (await this.isActiveAdministrator(id)) return;
    }
    throw new ConflictError(LAST_ADMINISTRATOR);
  }

  private async isActiveAdministrator(staffId: string): Promise<boolean> {
    const state = fold(staffMember, await this.es.load<StaffMemberEvent>(staffStream(staffId)));
    return state.status === 'active' && state.role === 'admin';
  }

  private underLock<T>(work: () => Promise<T>): Promise<T> {
    return withSessionLocks(this.db.lockPool, 'purpose', [ADMINISTRATOR_CHANGES_LOCK], work);
  }
}
