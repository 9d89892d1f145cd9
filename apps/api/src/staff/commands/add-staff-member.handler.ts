import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { passwordProblem } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { BadInputError, ConflictError } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { staffMember, staffStream } from '../domain/staff-member';
import { StaffDirectory } from '../queries/staff-directory';
import { StaffMemberView } from '../queries/staff-member-view';
import { AddStaffMemberCommand, STAFF_EMAIL_TAKEN } from './add-staff-member.command';
import { StaffEmailClaims } from './staff-email-claims';

@CommandHandler(AddStaffMemberCommand)
export class AddStaffMemberHandler implements ICommandHandler<AddStaffMemberCommand, StaffMemberView> {
  constructor(
    private readonly es: EventSourcing,
    private readonly directory: StaffDirectory,
    private readonly claims: StaffEmailClaims,
  ) {}

  async execute(command: AddStaffMemberCommand): Promise<StaffMemberView> {
    const problem = passwordProblem(command.password);
    if (problem) throw new BadInputError(problem, 'password');
    return this.add(command);
  }

  /** Adds the member without the password policy: only the first administrator, whose password the operator sets, comes here directly. */
  async add({ email, name, role, password }: AddStaffMemberCommand): Promise<StaffMemberView> {
    const normalized = email.trim().toLowerCase();
    if (await this.directory.byEmail(normalized)) throw new ConflictError(STAFF_EMAIL_TAKEN);
    const staffId = randomUUID();
    if (!(await this.claims.claim(normalized, staffId))) throw new ConflictError(STAFF_EMAIL_TAKEN);
    try {
      const passwordHash = await hashPassword(password);
      await this.es.decide(staffStream(staffId), staffMember, {
        type: 'AddStaffMember',
        staffId,
        email: normalized,
        name,
        role,
        passwordHash,
      });
    } catch (err) {
      await this.claims.release(staffId).catch(() => undefined);
      throw err;
    }
    return (await this.directory.byId(staffId)) as StaffMemberView;
  }
}
