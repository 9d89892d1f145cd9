import { Inject, Injectable } from '@nestjs/common';
import { PersonalData } from '../../platform/privacy/personal-data';
import { CUSTOMERS_CONFIG, CustomersConfig } from '../customers.config';
import { customerSubject, ResetData, VerificationData } from '../domain/customer';
import { codeHash, deriveCode, deriveToken, newNonce, sha256 } from '../domain/customer-secrets';

/** Issues verification and reset secrets for a customer; only their hashes go into events. */
@Injectable()
export class CustomerSecrets {
  constructor(
    private readonly privacy: PersonalData,
    @Inject(CUSTOMERS_CONFIG) private readonly config: CustomersConfig,
  ) {}

  async newVerification(customerId: string, origin: string): Promise<{ data: VerificationData; token: string; code: string }> {
    const nonce = newNonce();
    const key = await this.privacy.keys.keyFor(customerSubject(customerId));
    const token = deriveToken(key, 'verify', nonce);
    const code = deriveCode(key, nonce);
    const expires_at = new Date(Date.now() + this.config.verificationTtlSeconds * 1000).toISOString();
    return { data: { nonce, token_hash: sha256(token), code_hash: codeHash(key, code), expires_at, origin }, token, code };
  }

  async newReset(customerId: string, origin: string): Promise<{ data: ResetData; token: string }> {
    const nonce = newNonce();
    const key = await this.privacy.keys.keyFor(customerSubject(customerId));
    const token = deriveToken(key, 'reset', nonce);
    const expires_at = new Date(Date.now() + this.config.passwordResetTtlSeconds * 1000).toISOString();
    return { data: { nonce, token_hash: sha256(token), expires_at, origin }, token };
  }

  /** The secrets of an issued verification, for its mail; null once the customer is erased. */
  async verificationFor(customerId: string, nonce: string): Promise<{ token: string; code: string } | null> {
    const key = await this.privacy.keys.existingKey(customerSubject(customerId));
    return key ? { token: deriveToken(key, 'verify', nonce), code: deriveCode(key, nonce) } : null;
  }

  async resetTokenFor(customerId: string, nonce: string): Promise<string | null> {
    const key = await this.privacy.keys.existingKey(customerSubject(customerId));
    return key ? deriveToken(key, 'reset', nonce) : null;
  }
}
