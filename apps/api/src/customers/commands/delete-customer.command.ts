/**
 * Deletes an account and erases the person: appends CustomerDeleted (which carries only the id; read
 * models purge their rows by it while the log's personal data is still readable), then deletes the keys
 * of the customer and of their e-mail as a guest, frees the address, and ends every session.
 */
export class DeleteCustomerCommand {
  constructor(
    readonly customerId: string,
    readonly by: 'self' | 'staff',
  ) {}
}
