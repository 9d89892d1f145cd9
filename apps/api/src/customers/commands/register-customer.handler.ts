import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { hashPassword } from '../../platform/auth/passwords';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { BadInputError, ConflictError } from '../../platform/domain/errors';
import { EmailClaims } from '../email-claims';
import { customer, CustomerEvent, customerStream } from '../domain/customer';
import { passwordProblem } from '../../platform/auth/password-policy';
import { CustomerSecrets } from './customer-secrets.service';
import { RegisterCustomerCommand } from './register-customer.command';

export const EMAIL_ALREADY_LINKED = 'Email already linked with an account. Please try logging in instead.';
export const EMAIL_PENDING_VERIFICATION =
  'Email already registered but not verified. Please check your email for verification instructions.';

export interface Registration {
  customerId: string;
  email: string;
  /** The verification token, for the development-only link in the response. */
  token: string;
}

@CommandHandler(RegisterCustomerCommand)
export class RegisterCustomerHandler implements ICommandHandler<RegisterCustomerCommand, Registration> {
  constructor(
    private readonly es: EventSourcing,
    private readonly claims: EmailClaims,
    private readonly secrets: CustomerSecrets,
  ) {}

  async execute({ email, password, origin }: RegisterCustomerCommand): Promise<Registration> {
    const normalized = email.trim().toLowerCase();
    const problem = passwordProblem(password);
    if (problem) throw new BadInputError(problem, 'password');
    const passwordHash = await hashPassword(password);

    const customerId = randomUUID();
    const claim = await this.claims.claim(normalized, customerId);
    if (!claim.claimed) {
      const history = await this.es.load<CustomerEvent>(customerStream(claim.customerId));
      // A claim whose registration never reached the log (a crash in between) is taken over after a minute.
      const abandoned = history.length === 0 && (await this.claims.takeOver(normalized, claim.customerId, customerId));
      if (!abandoned) {
        const state = fold(customer, history);
        throw new ConflictError(state.verified ? EMAIL_ALREADY_LINKED : EMAIL_PENDING_VERIFICATION);
      }
    }
    try {
      const verification = await this.secrets.newVerification(customerId, origin);
      await this.es.decide(customerStream(customerId), customer, {
        type: 'Register',
        customerId,
        email: normalized,
        passwordHash,
        verification: verification.data,
      });
      return { customerId, email: normalized, token: verification.token };
    } catch (err) {
      await this.claims.release(customerId).catch(() => undefined);
      throw err;
    }
  }
}
