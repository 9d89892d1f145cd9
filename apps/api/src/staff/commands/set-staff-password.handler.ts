import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { passwordProblem } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { SessionsService } from '../../platform/auth/sessions.service';
import { BadInputError } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { staffMember, staffStream } from '../domain/staff-member';
import { SetStaffPasswordCommand } from './set-staff-password.command';

@CommandHandler(SetStaffPasswordCommand)
export class SetStaffPasswordHandler implements ICommandHandler<SetStaffPasswordCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ staffId, password }: SetStaffPasswordCommand): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw new BadInputError(problem, 'password');
    const passwordHash = await hashPassword(password);
    await this.es.decide(staffStream(staffId), staffMember, { type: 'ChangeStaffPassword', staffId, passwordHash });
    // StaffSessionsReactor ends them too, once the event is in the log, should this fail.
    await this.sessions.revokeAllFor(staffId);
  }
}
