export class RegisterCustomerCommand {
  constructor(
    readonly email: string,
    readonly password: string,
    /** The site the links in the mail point to. */
    readonly origin: string,
  ) {}
}
