import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LoginThrottle } from '../../platform/auth/login-throttle.service';
import { NotFoundError } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { SignInLockLifted, signInLockStream } from '../domain/sign-in-lock';
import { LiftSignInLockCommand } from './lift-sign-in-lock.command';

export const NOT_LOCKED = 'This account’s sign-in is not locked.';

@CommandHandler(LiftSignInLockCommand)
export class LiftSignInLockHandler implements ICommandHandler<LiftSignInLockCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ account, accountId }: LiftSignInLockCommand): Promise<void> {
    const lockedUntil = await this.throttle.lockedUntil(account, accountId);
    if (!lockedUntil) throw new NotFoundError(NOT_LOCKED);
    // Recorded before the lock goes: a lock is never lifted without the log saying who lifted it.
    const lifted: SignInLockLifted = {
      type: 'SignInLockLifted',
      data: { account, account_id: accountId, locked_until: lockedUntil.toISOString() },
    };
    await this.es.append(signInLockStream(account, accountId), [lifted], 'any', { waitForProjections: false });
    await this.throttle.liftLocks(account, accountId);
  }
}
