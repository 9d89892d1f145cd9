import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { runWithContext } from '../../platform/context/request-context';
import { isConflict } from '../../platform/domain/errors';
import { StaffDirectory } from '../queries/staff-directory';
import { AddStaffMemberCommand } from './add-staff-member.command';
import { AddStaffMemberHandler } from './add-staff-member.handler';
import { CreateFirstAdministratorCommand } from './create-first-administrator.command';

@CommandHandler(CreateFirstAdministratorCommand)
export class CreateFirstAdministratorHandler implements ICommandHandler<CreateFirstAdministratorCommand, boolean> {
  private readonly logger = new Logger('Staff');

  constructor(
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly directory: StaffDirectory,
    private readonly staff: AddStaffMemberHandler,
  ) {}

  async execute(): Promise<boolean> {
    if (!this.config.adminCredentialsFromEnv && this.config.env !== 'development') return false;
    return runWithContext({ actor: { type: 'system', id: 'bootstrap' }, correlationId: randomUUID(), causationId: null }, async () => {
      if (await this.directory.byEmail(this.config.adminEmail)) return false;
      try {
        const command = new AddStaffMemberCommand(this.config.adminEmail, 'Administrator', 'admin', this.config.adminPassword);
        const member = await this.staff.add(command);
        this.logger.log(`created the first administrator${member ? ` (staff ${member.id})` : ''}`);
        return true;
      } catch (err) {
        if (!isConflict(err)) throw err; // another process created it at the same moment
        return false;
      }
    });
  }
}
