import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DatabaseService } from '../../platform/database/database.service';
import { TooManyRequestsError } from '../../platform/http/errors';

export const CONTACT_THROTTLE = { perAddress: 5, windowMinutes: 10 } as const;
export const CONTACT_THROTTLED_MESSAGE = `Too many messages sent from your connection. Please wait ${CONTACT_THROTTLE.windowMinutes} minutes and try again, or call us directly.`;

/** At most 5 contact messages per client address in 10 minutes, counted in PostgreSQL so every API process agrees. */
@Injectable()
export class ContactThrottle {
  constructor(private readonly db: DatabaseService) {}

  /** Counts this attempt, or refuses it with a 429 when the address has used up its window. */
  async take(address: string): Promise<void> {
    // Hashed: the table needs no personal data to count.
    const key = `contact:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
    const allowed = await this.db.transaction(async (tx) => {
      // One attempt per address at a time, so concurrent requests cannot all slip under the limit.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
      const { rows } = await tx.query<{ n: string }>(
        `SELECT count(*) AS n FROM public.contact_throttle WHERE key = $1 AND sent_at > now() - make_interval(mins => $2)`,
        [key, CONTACT_THROTTLE.windowMinutes],
      );
      if (Number(rows[0].n) >= CONTACT_THROTTLE.perAddress) return false;
      await tx.query('INSERT INTO public.contact_throttle (key) VALUES ($1)', [key]);
      await tx.query(`DELETE FROM public.contact_throttle WHERE key = $1 AND sent_at < now() - interval '1 day'`, [key]);
      return true;
    });
    if (!allowed) throw new TooManyRequestsError(CONTACT_THROTTLED_MESSAGE, CONTACT_THROTTLE.windowMinutes * 60);
  }
}
