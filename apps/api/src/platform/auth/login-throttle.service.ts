import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { TooManyRequestsError } from '../domain/errors';
import { keyedDigest } from '../privacy/privacy-secret';

/** How many attempts a window allows, and how long the first window lasts (later ones double, up to maxSeconds). */
export interface ThrottlePolicy {
  perAccount?: number;
  perAddress: number;
  /** Sign-in from a browser with a valid device cookie: its own window, instead of the account's and the address's. */
  perDevice?: number;
  windowSeconds: number;
  maxSeconds: number;
}

/**
 * Sign-in, codes and reset tokens: 5 per account and 30 per address (5 per device cookie for a browser that
 * signed in before); a full window makes the next one twice as long.
 */
export const GUESS_POLICY: ThrottlePolicy = { perAccount: 5, perAddress: 30, perDevice: 5, windowSeconds: 60, maxSeconds: 15 * 60 };
/** Mails on request (verification again, password reset): 5 per e-mail and 30 per address. */
export const MAIL_POLICY: ThrottlePolicy = { perAccount: 5, perAddress: 30, windowSeconds: 15 * 60, maxSeconds: 60 * 60 };

/** The windows one attempt took a slot in: the account's and the address's, or a trusted device's alone. */
export interface Reservation {
  accountKey: string | null;
  addressKey: string | null;
  deviceKey: string | null;
}

/** The window of an account's sign-ins from unknown clients: a keyed digest, never the e-mail. */
function accountWindowKey(scope: string, account: string): string {
  return `${scope}:acct:${keyedDigest('throttle-account', account.trim().toLowerCase())}`;
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
      accountKey: account === null ? null : accountWindowKey(scope, account),
      addressKey: `${scope}:ip:${keyedDigest('throttle-address', address)}`,
      deviceKey: null,
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
    const wanted: [string, number][] = [[reservation.addressKey!, policy.perAddress]];
    if (reservation.accountKey && policy.perAccount) wanted.push([reservation.accountKey, policy.perAccount]);
    await this.take(wanted, policy, message);
    return reservation;
  }

  /**
   * A sign-in attempt. From a browser with a valid device cookie for this login (`device`, its nonce) only that
   * device's own window counts: a lockout unknown clients caused does not apply to it, and its own wrong
   * passwords lock only it. Any other client takes a slot in the account's and the address's windows, as before.
   */
  async reserveSignIn(
    scope: string,
    login: string,
    address: string,
    device: string | null,
    message: (wait: string) => string,
  ): Promise<Reservation> {
    if (device === null) return this.reserve(scope, login, address, GUESS_POLICY, message);
    const deviceKey = `${scope}:device:${keyedDigest('throttle-device', device)}`;
    await this.take([[deviceKey, GUESS_POLICY.perDevice!]], GUESS_POLICY, message);
    return { accountKey: null, addressKey: null, deviceKey };
  }

  /** Takes a slot in each window (key and limit), or throws 429 when any is used up. */
  private async take(wanted: [string, number][], policy: ThrottlePolicy, message: (wait: string) => string): Promise<void> {
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
  }

  /**
   * After a success the attempt's slots are given back and the windows start short again: the owner's own
   * sign-ins never throttle them. A right password only counts if it won a slot within the limit, so it
   * cannot slip through a window that guesses used up.
   */
  async succeeded(reservation: Reservation): Promise<void> {
    await this.db.query(`UPDATE public.attempt_windows SET used = greatest(used - 1, 0), strikes = 0 WHERE key = ANY($1::text[])`, [
      [reservation.addressKey, reservation.accountKey, reservation.deviceKey].filter(Boolean),
    ]);
  }

  /**
   * A wrong password for an existing account: its windows (the account's or the device's, never the
   * address's) are marked with the account's id, so staff can see whose sign-in is locked and lift it.
   */
  async failedFor(reservation: Reservation, accountId: string): Promise<void> {
    await this.db.query(
      `UPDATE public.attempt_windows SET account_id = $2 WHERE key = ANY($1::text[]) AND account_id IS DISTINCT FROM $2`,
      [[reservation.accountKey, reservation.deviceKey].filter(Boolean), accountId],
    );
  }

  /** Clears an account's windows in a scope: its owner proved who they are (a password reset). */
  async clearAccount(scope: string, account: string): Promise<void> {
    await this.db.query('DELETE FROM public.attempt_windows WHERE key = $1', [accountWindowKey(scope, account)]);
  }

  /** Accounts whose sign-in is locked now (for unknown clients, or on some of their devices), latest end first. */
  async signInLocks(scopes: readonly string[], page: number, limit: number): Promise<{ items: SignInLock[]; total: number }> {
    const rows = await this.db.query<SignInLock & { total: number }>(
      `SELECT split_part(key, ':', 1) AS scope, account_id, max(window_ends) AS locked_until,
              bool_or(split_part(key, ':', 2) = 'acct') AS unknown_clients,
              (count(*) FILTER (WHERE split_part(key, ':', 2) = 'device'))::int AS devices,
              (count(*) OVER ())::int AS total
         FROM public.attempt_windows
        WHERE account_id IS NOT NULL AND used >= lim AND window_ends > now() AND split_part(key, ':', 1) = ANY($1::text[])
        GROUP BY 1, 2
        ORDER BY locked_until DESC, account_id
        LIMIT $2 OFFSET $3`,
      [scopes, limit, (page - 1) * limit],
    );
    return { items: rows.map(({ total: _, ...lock }) => lock), total: rows[0]?.total ?? 0 };
  }

  /** When the account's sign-in lock ends (the latest of its locked windows), or null when nothing locks it now. */
  async lockedUntil(scope: string, accountId: string): Promise<Date | null> {
    const row = await this.db.one<{ until: Date | null }>(
      `SELECT max(window_ends) AS until FROM public.attempt_windows
        WHERE account_id = $2 AND split_part(key, ':', 1) = $1 AND used >= lim AND window_ends > now()`,
      [scope, accountId],
    );
    return row?.until ?? null;
  }

  /** Forgets every sign-in window marked with the account (unknown clients' and its devices'): the next attempt starts afresh. */
  async liftLocks(scope: string, accountId: string): Promise<void> {
    await this.db.query(`DELETE FROM public.attempt_windows WHERE account_id = $2 AND split_part(key, ':', 1) = $1`, [scope, accountId]);
  }
}

/** An account whose sign-in is locked: by unknown clients' wrong passwords, on some of its devices, or both. */
export interface SignInLock {
  scope: string;
  account_id: string;
  locked_until: Date;
  unknown_clients: boolean;
  devices: number;
}
