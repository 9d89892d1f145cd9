import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EmailClaims } from '../email-claims';
import { customer, customerStream } from '../domain/customer';
import { CustomerSecrets } from './customer-secrets.service';
import { RequestPasswordResetCommand } from './request-password-reset.command';

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly claims: EmailClaims,
    private readonly secrets: CustomerSecrets,
  ) {}

  async execute({ email, origin }: RequestPasswordResetCommand): Promise<void> {
    const customerId = await this.claims.owner(email);
    if (!customerId) return;
    const reset = await this.secrets.newReset(customerId, origin);
    await this.es
      .decide(customerStream(customerId), customer, { type: 'RequestPasswordReset', customerId, reset: reset.data })
      .catch(() => undefined);
  }
}
