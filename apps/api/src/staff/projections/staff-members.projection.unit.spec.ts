import type { StaffMemberEvent } from '@facet/contracts';
import { ERASED } from '../../platform/privacy/personal-data';
import { readModelSpec, recorded } from '../../testing/read-model-spec';
import { staffMembersReadModel, StaffMemberRow } from './staff-members.projection';

const staff = readModelSpec(staffMembersReadModel);
const ID = '3c1f0e9d-8b7a-4c6d-9e5f-4a3b2c1d0e9f';
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-03T09:15:00.000Z';
const event = (type: StaffMemberEvent['type'], data: Record<string, unknown>, occurredAt = LATER) =>
  recorded<StaffMemberEvent>({ type, data: { staff_id: ID, ...data } }, { occurredAt });
const added = (over: Record<string, unknown> = {}) =>
  event('StaffMemberAdded', { email: 'clerk@facet.test', name: 'Clerk', role: 'clerk', password_hash: 'h1', ...over }, AT);

const clerk: StaffMemberRow = {
  id: ID,
  email: 'clerk@facet.test',
  name: 'Clerk',
  role: 'clerk',
  password_hash: 'h1',
  created_at: AT,
  updated_at: AT,
};

describe('rm.staff_members as a fold', () => {
  it('should add a member, the first of two adds staying', () => {
    staff.given(added()).thenRow(ID, clerk);
    staff.given(added(), added({ name: 'Other' })).thenRow(ID, clerk);
  });

  it('should keep no e-mail for a member whose address opens as erased (a replay after removal)', () => {
    staff.given(added({ email: ERASED })).thenRowMatches(ID, { email: null });
  });

  it('should change the role and the password, with when', () => {
    staff.given(added(), event('StaffRoleChanged', { role: 'admin' })).thenRow(ID, { ...clerk, role: 'admin', updated_at: LATER });
    staff
      .given(added(), event('StaffPasswordChanged', { password_hash: 'h2' }))
      .thenRow(ID, { ...clerk, password_hash: 'h2', updated_at: LATER });
  });

  it('should delete a removed member, and make no row of changes to a member it does not have', () => {
    staff.given(added(), event('StaffMemberRemoved', {})).thenNoRow(ID);
    staff.given(event('StaffRoleChanged', { role: 'admin' })).thenNoRow(ID);
  });

  it('should store names as accepted, a lone surrogate as PostgreSQL received it from a parameter', () => {
    staff.given(added({ name: 'Zoë 💎 \ud800' })).thenRowMatches(ID, { name: 'Zoë 💎 \ufffd' });
  });
});
