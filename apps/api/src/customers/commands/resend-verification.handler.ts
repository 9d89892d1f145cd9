import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EmailClaims } from '../email-claims';
import { customer, customerStream } from '../domain/customer';
import { CustomerSecrets } from './customer-secrets.service';
import { ResendVerificationCommand } from './resend-verification.command';

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly claims: EmailClaims,
    private readonly secrets: CustomerSecrets,
  ) {}

  async execute({ email, origin }: ResendVerificationCommand): Promise<void> {
    const customerId = await this.claims.owner(email);
    if (!customerId) return;
    const verification = await this.secrets.newVerification(customerId, origin);
    await this.es
      .decide(customerStream(customerId), customer, { type: 'IssueVerification', customerId, verification: verification.data })
      .catch(() => undefined); // the answer is the same whether or not the account exists
  }
}
