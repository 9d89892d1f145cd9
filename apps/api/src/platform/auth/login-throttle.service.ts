import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { TooManyRequestsError } from '../domain/errors';
import { keyedDigest } from '../privacy/privacy-secret';

/** How many attempts a window allows, and how long the first window lasts (later ones double, up to maxSeconds). */
export interface ThrottlePolicy {
  perAccount?: number;
  perAddress: number;
  windowSeconds: number;
  maxSeconds: number;
}

/** Sign-in, codes and reset tokens: 5 per account and 30 per address; a full window makes the next one twice as long. */
export const GUESS_POLICY: ThrottlePolicy = { perAccount: 5, perAddress: 30, windowSeconds: 60, maxSeconds: 15 * 60 };
/** Mails on request (verification again, password reset): 5 per e-mail and 30 per address. */
export const MAIL_POLICY: ThrottlePolicy = { perAccount: 5, perAddress: 30, windowSeconds: 15 * 60, maxSeconds: 60 * 60 };

export interface Reservation {
  accountKey: string | null;
  addressKey: string;
}

/** "1 minute", "15 minutes": how long the client should wait. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Counts attempts before they are checked. reserve() takes a slot in the account's and the address's
 * windows in ONE statement (row locks order concurrent reservations), so N simultaneous guesses evaluate at
 * most the limit and the rest are refused with 429 before any password, code or token is looked at.
 *
 * A window that fills up makes the next one twice as long (1, 2, 4, 8, 15 minutes for sign-in): an attacker
 * gets fewer tries over time, while the owner is never locked out for longer than the current window and
 * can always reset the password (a reset clears the account's sign-in window). Keys are keyed digests, so
 * the table holds no address or e-mail.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly db: DatabaseService) {}

  private keys(scope: string, account: string | null, address: string): Reservation {
    return {
      accountKey: account === null ? null : `${scope}:acct:${keyedDigest('throttle-account', account.trim().toLowerCase())}`,
      addressKey: `${scope}:ip:${keyedDigest('throttle-address', address)}`,
    };
  }

  /**
   * Takes one attempt from the account's and the address's windows, or throws 429 (with Retry-After) when
   * either is used up. `message` receives the wait as text.
   */
  async reserve(
    scope: string,
    account: string | null,
    address: string,
    policy: ThrottlePolicy,
    message: (wait: string) => string,
  ): Promise<Reservation> {
    const reservation = this.keys(scope, account, address);
    const wanted: [string, number][] = [[reservation.addressKey, policy.perAddress]];
    if (reservation.accountKey && policy.perAccount) wanted.push([reservation.accountKey, policy.perAccount]);
    wanted.sort((a, b) => (a[0] < b[0] ? -1 : 1)); // one lock order for every caller: no deadlock
    const rows = await this.db.query<{ allowed: boolean; retry_after: number }>(
      `INSERT INTO public.attempt_windows AS w (key, lim, used, strikes, window_ends)
       SELECT k, l, 1, 0, now() + make_interval(secs => $3) FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS t(k, l, n) ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         lim = EXCLUDED.lim,
         used = CASE WHEN w.window_ends > now() THEN w.used + 1 ELSE 1 END,
         strikes = CASE WHEN w.window_ends > now() THEN w.strikes WHEN w.used >= w.lim THEN least(w.strikes + 1, 12) ELSE 0 END,
         window_ends = CASE WHEN w.window_ends > now() THEN w.window_ends
           ELSE now() + make_interval(secs => least($4::float8, $3::float8 * power(2, CASE WHEN w.used >= w.lim THEN least(w.strikes + 1, 12) ELSE 0 END)))
         END
       RETURNING used <= lim AS allowed, greatest(1, ceil(extract(epoch FROM window_ends - now())))::int AS retry_after`,
      [wanted.map((w) => w[0]), wanted.map((w) => w[1]), policy.windowSeconds, policy.maxSeconds],
    );
    const refused = rows.filter((r) => !r.allowed);
    if (refused.length) {
      const retryAfter = Math.max(...refused.map((r) => r.retry_after));
      throw new TooManyRequestsError(message(waitText(retryAfter)), retryAfter);
    }
    if (Math.random() < 0.01) {
      await this.db.query(`DELETE FROM public.attempt_windows WHERE window_ends < now() - interval '1 day'`).catch(() => undefined);
    }
    return reservation;
  }

  /**
   * After a success the attempt's slots are given back and the windows start short again: the owner's own
   * sign-ins never throttle them. A right password only counts if it won a slot within the limit, so it
   * cannot slip through a window that guesses used up.
   */
  async succeeded(reservation: Reservation): Promise<void> {
    await this.db.query(`UPDATE public.attempt_windows SET used = greatest(used - 1, 0), strikes = 0 WHERE key = ANY($1::text[])`, [
      [reservation.addressKey, reservation.accountKey].filter(Boolean),
    ]);
  }

  /** Clears an account's windows in a scope: its owner proved who they are (a password reset). */
  async clearAccount(scope: string, account: string): Promise<void> {
    const { accountKey } = this.keys(scope, account, '');
    await this.db.query('DELETE FROM public.attempt_windows WHERE key = $1', [accountKey]);
  }
}
