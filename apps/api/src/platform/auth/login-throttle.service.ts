import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DatabaseService } from '../database/database.service';
import { TooManyRequestsError } from '../http/errors';

const WINDOW_MINUTES = 15;
const PER_ACCOUNT = 5;
const PER_ADDRESS = 30;

/** Throttles failed sign-ins per account and per client address, shared by every API process. */
@Injectable()
export class LoginThrottle {
  constructor(private readonly db: DatabaseService) {}

  private keys(scope: string, account: string, address: string): [string, string] {
    // Hashed: the table needs no personal data to count failures.
    const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);
    return [`${scope}:acct:${h(account.toLowerCase())}`, `${scope}:ip:${h(address)}`];
  }

  async assertAllowed(scope: string, account: string, address: string): Promise<void> {
    const [acct, ip] = this.keys(scope, account, address);
    const rows = await this.db.query<{ key: string; n: string }>(
      `SELECT key, count(*) AS n FROM public.login_failures
       WHERE key = ANY($1) AND failed_at > now() - interval '${WINDOW_MINUTES} minutes' GROUP BY key`,
      [[acct, ip]],
    );
    const count = (k: string) => Number(rows.find((r) => r.key === k)?.n ?? 0);
    if (count(acct) >= PER_ACCOUNT || count(ip) >= PER_ADDRESS) {
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts. Please wait ${WINDOW_MINUTES} minutes and try again, or reset your password.`,
        WINDOW_MINUTES * 60,
      );
    }
  }

  async recordFailure(scope: string, account: string, address: string): Promise<void> {
    const [acct, ip] = this.keys(scope, account, address);
    await this.db.query('INSERT INTO public.login_failures (key) VALUES ($1), ($2)', [acct, ip]);
    await this.db.query(`DELETE FROM public.login_failures WHERE failed_at < now() - interval '1 day'`);
  }

  async recordSuccess(scope: string, account: string): Promise<void> {
    const [acct] = this.keys(scope, account, '');
    await this.db.query('DELETE FROM public.login_failures WHERE key = $1', [acct]);
  }
}
