import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { customer, customerStream, ProfileChanges } from '../domain/customer';

/** Merges the given profile fields (and address fields) into the customer's profile. */
export class UpdateProfileCommand {
  constructor(
    readonly customerId: string,
    readonly changes: ProfileChanges,
  ) {}
}

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, void> {
  constructor(private readonly es: EventSourcing) {}

  async execute({ customerId, changes }: UpdateProfileCommand): Promise<void> {
    await this.es.decide(customerStream(customerId), customer, { type: 'UpdateProfile', customerId, changes });
  }
}
