import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { COMMAND_HANDLERS } from './commands';
import { AdministratorChanges } from './commands/administrator-changes';
import { StaffEmailClaims } from './commands/staff-email-claims';
import { AdminSignInLocksController } from './http/admin-sign-in-locks.controller';
import { AdminStaffController } from './http/admin-staff.controller';
import { StaffAuthController } from './http/staff-auth.controller';
import { StaffMembersProjection } from './projections/staff-members.projection';
import { QUERY_HANDLERS } from './queries';
import { StaffDirectory } from './queries/staff-directory';
import { StaffSessionsReactor } from './reactors/staff-sessions.reactor';

/** Console accounts: the first administrator, staff members and their roles, staff sign-in, and lifting sign-in locks. */
@Module({
  imports: [CqrsModule],
  controllers: [StaffAuthController, AdminStaffController, AdminSignInLocksController],
  providers: [
    AdministratorChanges,
    StaffDirectory,
    StaffEmailClaims,
    StaffMembersProjection,
    StaffSessionsReactor,
    ...COMMAND_HANDLERS,
    ...QUERY_HANDLERS,
  ],
})
export class StaffModule {}
