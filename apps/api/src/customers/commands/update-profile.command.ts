import { ProfileChanges } from '../domain/customer';

/** Merges the given profile fields (and address fields) into the customer's profile. */
export class UpdateProfileCommand {
  constructor(
    readonly customerId: string,
    readonly changes: ProfileChanges,
  ) {}
}
