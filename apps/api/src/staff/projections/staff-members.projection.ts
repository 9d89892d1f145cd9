import { assertNever } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { ERASED } from '../../platform/privacy/personal-data';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { Projection, ReadModelProjection } from '../../platform/projections/projection';
import { STAFF_EVENT_TYPES, StaffMemberEvent } from '../domain/staff-member';

/** rm.staff_members: who may sign in to the console, with which role. */
@Injectable()
@ReadModelProjection()
export class StaffMembersProjection implements Projection<StaffMemberEvent> {
  readonly name = 'staff_members';
  readonly eventTypes = STAFF_EVENT_TYPES;

  async apply(tx: Tx, event: RecordedEvent<StaffMemberEvent>): Promise<void> {
    switch (event.type) {
      case 'StaffMemberAdded': {
        const d = event.data;
        await tx.query(
          `INSERT INTO staff_members (id, email, name, role, password_hash, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
          // A removed member's e-mail opens as ERASED in a replay: null keeps the unique index for live addresses
          // (the row goes with StaffMemberRemoved anyway).
          [d.staff_id, d.email === ERASED ? null : d.email, d.name, d.role, d.password_hash, event.metadata.occurredAt],
        );
        break;
      }
      case 'StaffRoleChanged':
        await tx.query('UPDATE staff_members SET role = $2, updated_at = $3 WHERE id = $1', [
          event.data.staff_id,
          event.data.role,
          event.metadata.occurredAt,
        ]);
        break;
      case 'StaffPasswordChanged':
        await tx.query('UPDATE staff_members SET password_hash = $2, updated_at = $3 WHERE id = $1', [
          event.data.staff_id,
          event.data.password_hash,
          event.metadata.occurredAt,
        ]);
        break;
      case 'StaffMemberRemoved':
        await tx.query('DELETE FROM staff_members WHERE id = $1', [event.data.staff_id]);
        break;
      default:
        assertNever(event);
    }
  }
}
