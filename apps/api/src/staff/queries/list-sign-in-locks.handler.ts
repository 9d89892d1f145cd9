import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LoginThrottle } from '../../platform/auth/login-throttle.service';
import { DatabaseService } from '../../platform/database/database.service';
import { SIGN_IN_ACCOUNTS, SignInAccount } from '../domain/sign-in-lock';
import { ListSignInLocksQuery, SignInLockList } from './list-sign-in-locks.query';

/** Who each locked account is, read from the customers' and the staff's read models (the windows hold only ids). */
const WHO: Record<SignInAccount, string> = {
  customer: `SELECT id::text, coalesce(email, '') AS email, trim(first_name || ' ' || last_name) AS name FROM customers WHERE id = ANY($1::uuid[])`,
  staff: `SELECT id::text, email, name FROM staff_members WHERE id = ANY($1::uuid[])`,
};

@QueryHandler(ListSignInLocksQuery)
export class ListSignInLocksHandler implements IQueryHandler<ListSignInLocksQuery, SignInLockList> {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly db: DatabaseService,
  ) {}

  async execute({ filter: f }: ListSignInLocksQuery): Promise<SignInLockList> {
    const { items, total } = await this.throttle.signInLocks(f.account ? [f.account] : SIGN_IN_ACCOUNTS, f.page, f.limit);
    const who = new Map<string, { email: string; name: string }>();
    for (const account of SIGN_IN_ACCOUNTS) {
      const ids = items.filter((l) => l.scope === account).map((l) => l.account_id);
      if (ids.length === 0) continue;
      const rows = await this.db.query<{ id: string; email: string; name: string }>(WHO[account], [ids]);
      for (const r of rows) who.set(`${account}:${r.id}`, r);
    }
    return {
      items: items.map((l) => {
        const id = `${l.scope}:${l.account_id}`;
        return {
          id,
          account: l.scope as SignInAccount,
          account_id: l.account_id,
          email: who.get(id)?.email ?? '',
          name: who.get(id)?.name ?? '',
          locked_until: l.locked_until.toISOString(),
          unknown_clients: l.unknown_clients,
          devices: l.devices,
        };
      }),
      total,
      page: f.page,
      limit: f.limit,
    };
  }
}
