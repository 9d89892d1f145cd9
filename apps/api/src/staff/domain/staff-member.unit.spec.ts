import { ConflictError, NotFoundError } from '../../platform/domain/errors';
import { decider } from '../../testing/given-when-then';
import { StaffCommand, staffMember as staffMemberDecider, StaffMemberEvent } from './staff-member';

const member = decider(staffMemberDecider);

const add: StaffCommand = {
  type: 'AddStaffMember',
  staffId: 's1',
  email: 'ida@facet.test',
  name: 'Ida Moss',
  role: 'staff',
  passwordHash: '$argon2id$stub',
};
const added: StaffMemberEvent = {
  type: 'StaffMemberAdded',
  data: { staff_id: 's1', email: 'ida@facet.test', name: 'Ida Moss', role: 'staff', password_hash: '$argon2id$stub' },
};
const promoted: StaffMemberEvent = { type: 'StaffRoleChanged', data: { staff_id: 's1', role: 'admin' } };
const removed: StaffMemberEvent = { type: 'StaffMemberRemoved', data: { staff_id: 's1' } };
const changePassword: StaffCommand = { type: 'ChangeStaffPassword', staffId: 's1', passwordHash: '$argon2id$new' };

describe('staff member decider', () => {
  it('should add a member once, with the e-mail, name, role and password hash it was given', () => {
    member.given().when(add).then(added);
    expect(member.given(added).state()).toEqual({ status: 'active', role: 'staff' });
    member.given(added).when(add).thenError(ConflictError, 'This staff member already exists.');
  });

  it('should not add a removed member back under the same id', () => {
    member.given(added, removed).when(add).thenError(ConflictError, 'This staff member already exists.');
  });

  it('should change a role, and record nothing when the member has that role already', () => {
    member.given(added).when({ type: 'ChangeStaffRole', staffId: 's1', role: 'admin' }).then(promoted);
    expect(member.given(added, promoted).state()).toEqual({ status: 'active', role: 'admin' });
    member.given(added, promoted).when({ type: 'ChangeStaffRole', staffId: 's1', role: 'admin' }).then();
    member.given(added).when({ type: 'ChangeStaffRole', staffId: 's1', role: 'staff' }).then();
    member
      .given(added, promoted)
      .when({ type: 'ChangeStaffRole', staffId: 's1', role: 'staff' })
      .then({ type: 'StaffRoleChanged', data: { staff_id: 's1', role: 'staff' } });
  });

  it('should record every password change, the same hash again included (a set password is a new one to the sessions)', () => {
    const changed: StaffMemberEvent = { type: 'StaffPasswordChanged', data: { staff_id: 's1', password_hash: '$argon2id$new' } };
    member.given(added).when(changePassword).then(changed);
    member.given(added, changed).when(changePassword).then(changed);
    expect(member.given(added, changed).state()).toEqual({ status: 'active', role: 'staff' });
  });

  it('should remove a member, and answer 404 to anything done to a member removed or never added', () => {
    member.given(added).when({ type: 'RemoveStaffMember', staffId: 's1' }).then(removed);
    expect(member.given(added, removed).state()).toEqual({ status: 'removed', role: 'staff' });
    const afterwards: StaffCommand[] = [
      { type: 'RemoveStaffMember', staffId: 's1' },
      { type: 'ChangeStaffRole', staffId: 's1', role: 'admin' },
      changePassword,
    ];
    for (const command of afterwards) {
      member.given(added, removed).when(command).thenError(NotFoundError, 'Resource not found');
      member.given().when(command).thenError(NotFoundError, 'Resource not found');
    }
  });
});
