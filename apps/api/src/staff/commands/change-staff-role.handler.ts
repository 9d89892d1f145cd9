import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionsService } from '../../platform/auth/sessions.service';
import { NotFoundError } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { staffMember, staffStream } from '../domain/staff-member';
import { AdministratorChanges } from './administrator-changes';
import { StaffDirectory } from '../queries/staff-directory';
import { StaffMemberView } from '../queries/staff-member-view';
import { ChangeStaffRoleCommand } from './change-staff-role.command';

@CommandHandler(ChangeStaffRoleCommand)
export class ChangeStaffRoleHandler implements ICommandHandler<ChangeStaffRoleCommand, StaffMemberView> {
  constructor(
    private readonly es: EventSourcing,
    private readonly sessions: SessionsService,
    private readonly directory: StaffDirectory,
    private readonly administrators: AdministratorChanges,
  ) {}

  async execute({ staffId, role }: ChangeStaffRoleCommand): Promise<StaffMemberView> {
    await this.administrators.serialize(async () => {
      if (role !== 'admin') await this.administrators.refuseIfLastAdministrator(staffId);
      await this.es.decide(staffStream(staffId), staffMember, { type: 'ChangeStaffRole', staffId, role });
    });
    await this.sessions.revokeAllFor(staffId);
    const member = await this.directory.byId(staffId);
    if (!member) throw new NotFoundError();
    return member;
  }
}
