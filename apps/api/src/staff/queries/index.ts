import { AuthenticateStaffHandler } from './authenticate-staff.handler';
import { GetStaffMemberHandler } from './get-staff-member.handler';
import { ListSignInLocksHandler } from './list-sign-in-locks.handler';
import { ListStaffHandler } from './list-staff.handler';

export const QUERY_HANDLERS = [ListStaffHandler, GetStaffMemberHandler, AuthenticateStaffHandler, ListSignInLocksHandler];
