import { assertNever } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { ERASED } from '../../platform/privacy/personal-data';
import { FoldProjection, keyFrom, ReadModel, ReadModelProjection, requiredKeyFrom } from '../../platform/projections';
import { STAFF_EVENT_TYPES, StaffMemberEvent } from '../domain/staff-member';

/** A row of rm.staff_members. */
export interface StaffMemberRow extends Record<string, unknown> {
  id: string;
  email: string | null;
  name: string | null;
  role: string;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

/** rm.staff_members: who may sign in to the console, with which role. */
export const staffMembersReadModel: ReadModel<StaffMemberEvent, StaffMemberRow> = {
  name: 'staff_members',
  table: 'staff_members',
  key: 'id',
  eventTypes: STAFF_EVENT_TYPES,
  keyOf: (event) => (event.type === 'StaffMemberAdded' ? requiredKeyFrom(event.data.staff_id, 'staff id') : keyFrom(event.data.staff_id)),
  evolve(row, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'StaffMemberAdded': {
        if (row) return row; // recorded twice: the first stays
        const d = event.data;
        return {
          id: d.staff_id,
          // A removed member's e-mail opens as ERASED in a replay: null keeps the unique index for live addresses
          // (the row goes with StaffMemberRemoved anyway).
          email: d.email === ERASED ? null : d.email,
          name: d.name,
          role: d.role,
          password_hash: d.password_hash,
          created_at: at,
          updated_at: at,
        };
      }
      case 'StaffRoleChanged':
        return row && { ...row, role: event.data.role, updated_at: at };
      case 'StaffPasswordChanged':
        return row && { ...row, password_hash: event.data.password_hash, updated_at: at };
      case 'StaffMemberRemoved':
        return null;
      default:
        return assertNever(event);
    }
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class StaffMembersProjection extends FoldProjection<StaffMemberEvent> {
  constructor() {
    super(staffMembersReadModel);
  }
}
