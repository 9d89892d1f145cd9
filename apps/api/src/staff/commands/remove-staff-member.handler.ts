import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionsService } from '../../platform/auth/sessions.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { PersonalData } from '../../platform/privacy/personal-data';
import { staffMember, staffStream } from '../domain/staff-member';
import { AdministratorChanges } from './administrator-changes';
import { StaffDirectory } from '../queries/staff-directory';
import { RemoveStaffMemberCommand } from './remove-staff-member.command';
import { StaffEmailClaims } from './staff-email-claims';

@CommandHandler(RemoveStaffMemberCommand)
export class RemoveStaffMemberHandler implements ICommandHandler<RemoveStaffMemberCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly sessions: SessionsService,
    private readonly directory: StaffDirectory,
    private readonly claims: StaffEmailClaims,
    private readonly privacy: PersonalData,
    private readonly administrators: AdministratorChanges,
  ) {}

  async execute({ staffId }: RemoveStaffMemberCommand): Promise<void> {
    const member = await this.directory.byId(staffId);
    await this.administrators.serialize(async () => {
      await this.administrators.refuseIfLastAdministrator(staffId);
      await this.es.decide(staffStream(staffId), staffMember, { type: 'RemoveStaffMember', staffId });
    });
    await this.sessions.revokeAllFor(staffId);
    await this.claims.release(staffId, member?.email);
    await this.privacy.erase(`staff:${staffId}`);
  }
}
