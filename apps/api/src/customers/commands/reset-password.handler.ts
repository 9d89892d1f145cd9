import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { hashPassword } from '../../platform/auth/passwords';
import { SessionsService } from '../../platform/auth/sessions.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { BadInputError } from '../../platform/domain/errors';
import { EmailClaims } from '../email-claims';
import { customer, customerStream, INVALID_RESET, InvalidTokenError } from '../domain/customer';
import { sha256 } from '../domain/customer-secrets';
import { passwordProblem } from '../../platform/auth/password-policy';
import { ResetPasswordCommand } from './reset-password.command';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly claims: EmailClaims,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ email, token, password }: ResetPasswordCommand): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw new BadInputError(problem, 'password');
    const customerId = await this.claims.owner(email);
    if (!customerId) throw new InvalidTokenError(INVALID_RESET);
    const passwordHash = await hashPassword(password);
    await this.es.decide(customerStream(customerId), customer, {
      type: 'ResetPassword',
      customerId,
      tokenHash: sha256(token.trim()),
      passwordHash,
      now: new Date().toISOString(),
    });
    await this.sessions.revokeAllFor(customerId);
  }
}
