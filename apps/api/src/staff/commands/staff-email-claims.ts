import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DatabaseService } from '../../platform/database/database.service';

/**
 * public.staff_email_claims: one row per live staff address (by digest), so two concurrent additions of one
 * address are a conflict instead of two accounts.
 */
@Injectable()
export class StaffEmailClaims {
  constructor(private readonly db: DatabaseService) {}

  private digest(email: string): string {
    return createHash('sha256').update(`staff-email:${email}`).digest('hex');
  }

  /** Whether the address was free and is now held for this member. */
  async claim(email: string, staffId: string): Promise<boolean> {
    const claimed = await this.db.query(
      'INSERT INTO public.staff_email_claims (email_digest, staff_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING staff_id',
      [this.digest(email), staffId],
    );
    return claimed.length > 0;
  }

  /** Frees whatever this member holds, and the address itself when it is known. */
  async release(staffId: string, email?: string | null): Promise<void> {
    await this.db.query('DELETE FROM public.staff_email_claims WHERE staff_id = $1', [staffId]);
    if (email) await this.db.query('DELETE FROM public.staff_email_claims WHERE email_digest = $1', [this.digest(email)]);
  }
}
