/** Sets a new password with the mailed token (once, before it expires) and ends every session. */
export class ResetPasswordCommand {
  constructor(
    readonly email: string,
    readonly token: string,
    readonly password: string,
  ) {}
}
