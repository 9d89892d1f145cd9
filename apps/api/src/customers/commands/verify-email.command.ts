/** Confirms an address with the link's token or the 8-character code from the mail. */
export class VerifyEmailCommand {
  constructor(
    readonly email: string,
    readonly secret: string,
  ) {}
}
