import { Command } from '@nestjs/cqrs';
import { SignInAccount } from '../domain/sign-in-lock';

/** An administrator lets an account sign in again from anywhere: its sign-in windows are forgotten, and SignInLockLifted records who did it. */
export class LiftSignInLockCommand extends Command<void> {
  constructor(
    readonly account: SignInAccount,
    readonly accountId: string,
  ) {
    super();
  }
}
