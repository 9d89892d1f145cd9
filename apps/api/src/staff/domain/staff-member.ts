import { assertNever, eventTypes, STAFF_MEMBER_EVENT_SCHEMAS, type StaffMemberEvent } from '@facet/contracts';
import { ConflictError, NotFoundError } from '../../platform/domain/errors';
import { registerPersonalFields } from '../../platform/privacy/personal-fields';
import { StaffRole } from '../../platform/auth/principal';

// The events' payload types live in libs/contracts (events/staff.ts, issue 42); re-exported for this part.
export type {
  StaffEvent,
  StaffMemberAdded,
  StaffMemberEvent,
  StaffMemberRemoved,
  StaffPasswordChanged,
  StaffRoleChanged,
} from '@facet/contracts';

export const STAFF_EVENT_TYPES = eventTypes(STAFF_MEMBER_EVENT_SCHEMAS);

const staffSubject = (d: { staff_id: string }) => `staff:${d.staff_id}`;
registerPersonalFields('StaffMemberAdded', { subject: staffSubject, fields: ['email', 'name', 'password_hash'] });
registerPersonalFields('StaffPasswordChanged', { subject: staffSubject, fields: ['password_hash'] });

export const staffStream = (id: string) => `staff-${id}`;

export interface StaffState {
  status: 'none' | 'active' | 'removed';
  role: StaffRole | null;
}

export type StaffCommand =
  | { type: 'AddStaffMember'; staffId: string; email: string; name: string; role: StaffRole; passwordHash: string }
  | { type: 'ChangeStaffRole'; staffId: string; role: StaffRole }
  | { type: 'ChangeStaffPassword'; staffId: string; passwordHash: string }
  | { type: 'RemoveStaffMember'; staffId: string };

export const staffMember = {
  initialState: (): StaffState => ({ status: 'none', role: null }),

  evolve(state: StaffState, event: StaffMemberEvent): StaffState {
    switch (event.type) {
      case 'StaffMemberAdded':
        return { status: 'active', role: event.data.role };
      case 'StaffRoleChanged':
        return { ...state, role: event.data.role };
      case 'StaffPasswordChanged':
        return state;
      case 'StaffMemberRemoved':
        return { ...state, status: 'removed' };
      default:
        return assertNever(event);
    }
  },

  decide(command: StaffCommand, state: StaffState): StaffMemberEvent[] {
    if (command.type === 'AddStaffMember') {
      if (state.status !== 'none') throw new ConflictError('This staff member already exists.');
      return [
        {
          type: 'StaffMemberAdded',
          data: {
            staff_id: command.staffId,
            email: command.email,
            name: command.name,
            role: command.role,
            password_hash: command.passwordHash,
          },
        },
      ];
    }
    if (state.status !== 'active') throw new NotFoundError();
    switch (command.type) {
      case 'ChangeStaffRole':
        return state.role === command.role ? [] : [{ type: 'StaffRoleChanged', data: { staff_id: command.staffId, role: command.role } }];
      case 'ChangeStaffPassword':
        return [{ type: 'StaffPasswordChanged', data: { staff_id: command.staffId, password_hash: command.passwordHash } }];
      case 'RemoveStaffMember':
        return [{ type: 'StaffMemberRemoved', data: { staff_id: command.staffId } }];
    }
  },
};
