import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EmailClaims } from '../email-claims';
import { PersonalData } from '../../platform/privacy/personal-data';
import { customer, customerStream, customerSubject, INVALID_VERIFICATION, InvalidTokenError } from '../domain/customer';
import { CODE_LENGTH, codeHash, normalizeCode, sha256 } from '../domain/customer-secrets';
import { VerifyEmailCommand } from './verify-email.command';

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, { customerId: string }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly claims: EmailClaims,
    private readonly privacy: PersonalData,
  ) {}

  async execute({ email, secret }: VerifyEmailCommand): Promise<{ customerId: string }> {
    const customerId = await this.claims.owner(email);
    if (!customerId || !secret) throw new InvalidTokenError(INVALID_VERIFICATION);
    const hashes = [sha256(secret.trim())];
    if (secret.trim().length === CODE_LENGTH) {
      const code = normalizeCode(secret);
      const key = await this.privacy.keys.existingKey(customerSubject(customerId));
      if (key) hashes.push(codeHash(key, code));
      hashes.push(sha256(code)); // a code issued before codes were keyed (valid for a day at most)
    }
    await this.es.decide(customerStream(customerId), customer, {
      type: 'VerifyEmail',
      customerId,
      secretHashes: hashes,
      now: new Date().toISOString(),
    });
    return { customerId };
  }
}
