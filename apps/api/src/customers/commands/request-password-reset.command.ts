/** Sends a single-use, expiring reset link when the account exists; silent otherwise. */
export class RequestPasswordResetCommand {
  constructor(
    readonly email: string,
    readonly origin: string,
  ) {}
}
