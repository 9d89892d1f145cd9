import { AddStaffMemberHandler } from './add-staff-member.handler';
import { ChangeStaffRoleHandler } from './change-staff-role.handler';
import { CreateFirstAdministratorHandler } from './create-first-administrator.handler';
import { LiftSignInLockHandler } from './lift-sign-in-lock.handler';
import { RemoveStaffMemberHandler } from './remove-staff-member.handler';
import { SetStaffPasswordHandler } from './set-staff-password.handler';

export const COMMAND_HANDLERS = [
  AddStaffMemberHandler,
  ChangeStaffRoleHandler,
  RemoveStaffMemberHandler,
  CreateFirstAdministratorHandler,
  SetStaffPasswordHandler,
  LiftSignInLockHandler,
];
