import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../platform/database/database.service';
import { sha256 } from './domain/customer-secrets';

/**
 * One account per e-mail, safe under concurrency: public.customer_email_claims holds the sha256 of each
 * registered address (primary key) and its customer id. Only a digest is kept, and the row is deleted
 * when the customer is erased, so the address can be registered again.
 */
@Injectable()
export class EmailClaims {
  constructor(private readonly db: DatabaseService) {}

  digest(email: string): string {
    return sha256(`customer-email:${email.trim().toLowerCase()}`);
  }

  /** Claims the address for a new customer; answers the existing claimant when already taken. */
  async claim(email: string, customerId: string): Promise<{ claimed: true } | { claimed: false; customerId: string; claimedAt: Date }> {
    const digest = this.digest(email);
    const inserted = await this.db.query(
      'INSERT INTO public.customer_email_claims (email_digest, customer_id) VALUES ($1, $2) ON CONFLICT (email_digest) DO NOTHING RETURNING customer_id',
      [digest, customerId],
    );
    if (inserted.length) return { claimed: true };
    const row = await this.db.one<{ customer_id: string; claimed_at: Date }>(
      'SELECT customer_id, claimed_at FROM public.customer_email_claims WHERE email_digest = $1',
      [digest],
    );
    if (!row) return this.claim(email, customerId); // released meanwhile
    return { claimed: false, customerId: row.customer_id, claimedAt: row.claimed_at };
  }

  /** Moves an abandoned claim (its registration never reached the log) to a new customer; false if someone else won. */
  async takeOver(email: string, from: string, to: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE public.customer_email_claims SET customer_id = $3, claimed_at = now()
       WHERE email_digest = $1 AND customer_id = $2 AND claimed_at < now() - interval '1 minute' RETURNING customer_id`,
      [this.digest(email), from, to],
    );
    return rows.length === 1;
  }

  async owner(email: string): Promise<string | null> {
    const row = await this.db.one<{ customer_id: string }>('SELECT customer_id FROM public.customer_email_claims WHERE email_digest = $1', [
      this.digest(email),
    ]);
    return row?.customer_id ?? null;
  }

  async release(customerId: string, email?: string | null): Promise<void> {
    await this.db.query('DELETE FROM public.customer_email_claims WHERE customer_id = $1', [customerId]);
    if (email)
      await this.db.query('DELETE FROM public.customer_email_claims WHERE email_digest = $1 AND customer_id = $2', [
        this.digest(email),
        customerId,
      ]);
  }
}
