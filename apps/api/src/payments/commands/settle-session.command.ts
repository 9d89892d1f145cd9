import { Command } from '@nestjs/cqrs';
import { ProviderOutcome } from '../domain/payment-session';
import { ProviderSession } from '../provider/payment-provider';

/**
 * Asks the provider about a session and records its outcome once it has one; answers the provider's view
 * (null when the provider does not know the session).
 */
export class SettleSessionCommand extends Command<ProviderSession | null> {
  constructor(
    readonly sessionId: string,
    /** The provider's word already in hand (a verified webhook): recorded without asking; the answer is then null. */
    readonly told?: ProviderOutcome,
  ) {
    super();
  }
}
