/** A fresh code and link for an unverified account (the old ones stop working); nothing otherwise. */
export class ResendVerificationCommand {
  constructor(
    readonly email: string,
    readonly origin: string,
  ) {}
}
