import { Module } from '@nestjs/common';
import { AdminStaffController } from './http/admin-staff.controller';
import { StaffAuthController } from './http/staff-auth.controller';
import { StaffMembersProjection } from './projections/staff-members.projection';
import { StaffService } from './staff.service';

@Module({
  controllers: [StaffAuthController, AdminStaffController],
  providers: [StaffService, StaffMembersProjection],
  exports: [StaffService],
})
export class StaffModule {}
